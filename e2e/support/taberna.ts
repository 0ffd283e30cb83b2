import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { activatedAccount } from './people';
import { hydrated } from './hydration';

/** A new, activated shop customer (signed up through the API, activated from the outbox). */
export const newShopCustomer = (request: APIRequestContext) => activatedAccount(request, '/taberna-profiles/api/register/');

export async function stockOf(request: APIRequestContext, category: string, product: string): Promise<number> {
  const answer = await request.get(`/taberna-store/api/v1/products/${category}/${product}/`);
  return ((await answer.json()) as { product: { stock: number } }).product.stock;
}

/** Chooses a colour and a size on a product page (MUI selects) and adds the product to the cart. */
export async function addVariant(page: Page, colour: string | null, size: string | null) {
  // A product page opened by its address is rendered on the server: its form works once React has hydrated it.
  await hydrated(page);
  if (colour) {
    await page.getByRole('combobox', { name: 'Colour' }).click();
    await page.getByRole('option', { name: colour, exact: true }).click();
  }
  if (size) {
    await page.getByRole('combobox', { name: 'Size' }).click();
    await page.getByRole('option', { name: size, exact: true }).click();
  }
  await page.getByTestId('add-to-cart').click();
}

export async function fillBilling(page: Page, person: { first: string; last: string; email: string }) {
  await page.getByLabel('First name').fill(person.first);
  await page.getByLabel('Last name').fill(person.last);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Phone').fill('+351 912345678');
  await page.getByLabel('Address line 1').fill('1 Harbour Street');
  await page.getByLabel('Postcode').fill('1100-148');
  await page.getByLabel('City').fill('Lisbon');
  await page.getByLabel('State or region').fill('Lisbon');
  // A searchable list (issue 25): type, then choose.
  await page.getByRole('combobox', { name: 'Country' }).fill('Portugal');
  await page.getByRole('option', { name: 'Portugal', exact: true }).click();
}

export async function payWithCard(page: Page, number: string) {
  await expect(page).toHaveURL(/\/taberna\/test-checkout\/tcs_/);
  await expect(page.getByTestId('test-mode-banner')).toBeVisible();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on the card').fill('Marta Quinn');
  await page.getByTestId('test-checkout-pay').click();
}
