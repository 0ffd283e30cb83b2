import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { hydrated } from '../support/hydration';
import { addVariant, newShopCustomer } from '../support/taberna';

// Issue 25 at desktop and phone width: choosing Blue shows the blue picture, in the cart too; a buyer
// in Portugal checks out with a local number, a postcode and a different delivery address.

const TEE = '/taberna-store/category/clothing/organic-cotton-t-shirt';
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, size: 'L' },
  { name: 'phone', width: 390, height: 844, size: 'S' },
];

async function bluePicture(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`/taberna-store/api/v1/products/clothing/organic-cotton-t-shirt/`);
  const { product } = (await answer.json()) as { product: { productgallery: { image: string; color: string | null }[] } };
  return product.productgallery.find((picture) => picture.color === 'Blue')!.image;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('Blue shows the blue shirt; a buyer in Portugal pays with a local number and another delivery address', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const person = await newShopCustomer(request);
      const blue = await bluePicture(request);
      await page.goto('/taberna/login');
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL('/taberna');

      await page.goto(TEE);
      await hydrated(page);
      await expect(page.getByTestId('gallery-main')).not.toHaveAttribute('src', blue);
      await addVariant(page, 'Blue', viewport.size);
      await expect(page.getByTestId('gallery-main')).toHaveAttribute('src', blue);
      await expect(page.getByTestId('cart-link')).toHaveAccessibleName('Cart (1)');
      // A combination sold out is shown, and cannot be chosen.
      await page.getByRole('combobox', { name: 'Colour' }).click();
      await page.getByRole('option', { name: 'White', exact: true }).click();
      await page.getByRole('combobox', { name: 'Size' }).click();
      await expect(page.getByRole('option', { name: 'XL — sold out' })).toHaveAttribute('aria-disabled', 'true');
      await page.keyboard.press('Escape');
      await expectAccessible(page);

      await page.getByTestId('cart-link').click();
      await expect(page.getByTestId('cart-line-image')).toHaveAttribute('src', blue);
      await page.getByTestId('proceed-to-checkout').click();
      await expect(page).toHaveURL('/taberna/cart/checkout');

      const billing = page.getByRole('group', { name: 'Billing address' });
      await billing.getByRole('combobox', { name: 'Country' }).fill('Portu');
      await page.getByRole('option', { name: 'Portugal' }).click();
      await billing.getByLabel('Phone').fill('912 345 678');
      await billing.getByLabel('Address line 1').click();
      // Read with Portugal's region: the number written the usual way once the field is left.
      await expect(billing.getByLabel('Phone')).toHaveValue('+351 912 345 678');
      await billing.getByLabel('Address line 1').fill('Rua Augusta 10');
      await billing.getByLabel('City').fill('Lisbon');
      await billing.getByLabel('State or region').fill('Lisboa');
      // Portugal has postcodes: one is asked for, in its pattern.
      await billing.getByLabel('Postcode').fill('11');
      await page.getByTestId('pay').click();
      await expect(billing.getByText('This is not a postcode of Portugal.')).toBeVisible();
      await billing.getByLabel('Postcode').fill('1100-148');

      await page.getByLabel('Deliver to a different address').check();
      const delivery = page.getByRole('group', { name: 'Delivery address' });
      await delivery.getByLabel('First name').fill('Rui');
      await delivery.getByLabel('Last name').fill('Lima');
      await delivery.getByLabel('Address line 1').fill('Rua das Flores 7');
      await delivery.getByLabel('Postcode').fill('4050-262');
      await delivery.getByLabel('City').fill('Porto');
      await delivery.getByRole('combobox', { name: 'Country' }).fill('PT');
      await page.getByRole('option', { name: 'Portugal' }).click();
      await expectAccessible(page);
      await page.getByTestId('pay').click();

      // The card page: the name from the billing address, the number spaced as typed, the expiry as 1230.
      await expect(page).toHaveURL(/\/taberna\/test-checkout\/tcs_/);
      await expect(page.getByLabel('Name on the card')).toHaveValue(`${person.first} ${person.last}`);
      await page.getByLabel('Card number').fill('4242424242424242');
      await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('1230');
      await page.getByLabel('CVC').fill('123');
      await expectAccessible(page);
      await page.getByTestId('test-checkout-pay').click();
      await expect(page).toHaveURL(/\/taberna\/cart\/success/);

      await page.goto('/taberna/dashboard');
      const order = page.getByTestId('order-card').first();
      await expect(order.getByTestId('order-ship-to')).toContainText('Rui Lima');
      await expect(order.getByTestId('order-ship-to')).toContainText('4050-262 Porto');
      await expect(order.getByTestId('order-line-image')).toHaveAttribute('src', blue);
      await expectAccessible(page);
    });
  });
}
