import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectAccessible } from '../support/axe';
import { bearer, loggedInPage, STAFF, tokensOf, type Tokens } from '../support/backoffice';
import { SERVERS } from '../support/servers';
import { activatedAccount } from '../support/people';
import { fillBilling, payWithCard } from '../support/taberna';

// Issue 28 as an owner and a buyer try it, on a portal of its own (its zones, tax and codes would
// change the other specs' checkouts): staff set up a shipping zone for Portugal, Portugal's 23% VAT
// and a discount code in the back office; a buyer in Portugal sees the zone's rate and the tax,
// applies the code, pays and downloads the invoice; staff refund one line of two and restock it.

test.use({ baseURL: SERVERS.commerce.url });
test.describe.configure({ mode: 'serial' });
// A step that cannot happen fails in its own time, not the whole test's.
test.use({ actionTimeout: 30_000 });

// A long flow across two browsers on a shared machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const TAG = randomBytes(3).toString('hex');
const CODE = `LISBOA${TAG.toUpperCase()}`;
const RATE = 'CTT Expresso';
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

interface Product {
  id: number;
  name: string;
}

/** Staff's back-office API (JSON), for what a step needs but does not test. */
function backofficeApi(request: APIRequestContext, tokens: Tokens) {
  return async (method: 'GET' | 'POST' | 'DELETE', path: string, data?: object) => {
    const answer = await request.fetch(`/api/backoffice${path}`, { method, headers: bearer(tokens), ...(data ? { data } : {}) });
    expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
    return answer.status() === 204 ? null : ((await answer.json()) as unknown);
  };
}

/** Two products of their own (the refund's restock is then counted exactly): 30.00 and 20.00, 5 of each. */
async function twoProducts(request: APIRequestContext, tokens: Tokens, label: string): Promise<[Product, Product]> {
  const api = backofficeApi(request, tokens);
  const categories = (await api('GET', '/categories/')) as { results: { id: number }[] };
  const make = async (name: string, price: string) =>
    (await api('POST', '/products/', { category_id: categories.results[0]!.id, name, price, stock: 5 })) as Product;
  return [await make(`Azulejo tile ${label} ${TAG}`, '30.00'), await make(`Cork coaster ${label} ${TAG}`, '20.00')];
}

const stockOf = async (request: APIRequestContext, tokens: Tokens, product: Product) =>
  ((await backofficeApi(request, tokens)('GET', `/products/${product.id}/`)) as { stock: number }).stock;

/** A new buyer logged in on the shop, with one of each product in the cart (added through the API). */
async function buyerWithCart(
  browser: Browser,
  request: APIRequestContext,
  products: Product[],
  viewport: { width: number; height: number },
) {
  const person = await activatedAccount(request, '/taberna-profiles/api/register/', SERVERS.commerce.dataDir);
  const login = await request.post('/taberna-profiles/api/v1/token/', {
    data: { email: person.email, password: person.password },
  });
  expect(login.status()).toBe(200);
  const headers = bearer((await login.json()) as Tokens);
  for (const product of products) {
    const added = await request.post(`/taberna-cart/api/add-to-cart/${product.id}/`, { headers, data: {} });
    expect(added.status(), await added.text()).toBe(200);
  }
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/taberna/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/taberna');
  return { person, page, close: () => context.close() };
}

/** The text of a downloaded PDF, its whitespace squeezed. */
async function pdfText(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await fs.readFile(path)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/**
 * The buyer's side at one width: the code in the cart, Portugal's rate and tax at checkout, the
 * card, the dashboard's discount line and invoice. Answers the order number.
 */
async function buy(page: Page, person: { first: string; last: string; email: string }, products: [Product, Product]) {
  await page.goto('/taberna/cart');
  await page.getByLabel('Discount code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This discount code does not exist.')).toBeVisible();
  await page.getByLabel('Discount code').fill(CODE.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  // 10% of 50.00, codes read whatever their case.
  await expect(page.getByTestId('cart-discount')).toContainText('5.00');
  await expect(page.getByText(`Discount (${CODE})`)).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId('proceed-to-checkout').click();
  await expect(page).toHaveURL('/taberna/cart/checkout');

  await fillBilling(page, person);
  const shipping = page.getByRole('group', { name: 'Shipping' });
  await shipping.getByRole('radio', { name: new RegExp(`^${RATE}`) }).check();
  // 45.00 after the code, Portugal's 23% on it (10.35), 4.90 to ship: 60.25.
  await expect(page.getByTestId('cart-shipping')).toContainText('4.90');
  await expect(page.getByTestId('cart-tax')).toContainText('10.35');
  await expect(page.getByTestId('cart-grand-total')).toContainText('60.25');
  await expect(page.getByTestId('pay')).toContainText('60.25');
  await expectAccessible(page);
  await page.getByTestId('pay').click();
  await payWithCard(page, '4242424242424242');
  await expect(page).toHaveURL(/\/taberna\/cart\/success/);

  await page.goto('/taberna/dashboard');
  const card = page.getByTestId('order-card').first();
  await expect(card.getByTestId('order-discount')).toContainText(CODE);
  await expect(card.getByTestId('order-total')).toContainText('60.25');
  const orderNumber = (await card.getByRole('heading', { level: 2 }).innerText()).replace('Order ', '').trim();
  await expectAccessible(page);
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download invoice' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
  const invoice = await pdfText(await download.path());
  for (const text of [
    'Taberna Lisboa',
    'Rua Augusta 100',
    orderNumber,
    products[0].name,
    products[1].name,
    CODE,
    RATE,
    '10.35',
    '60.25',
  ]) {
    expect(invoice, `the invoice has ${text}`).toContain(text);
  }
  return orderNumber;
}

/** Staff refund one of the tile (one line of two) with its stock put back, at one width. */
async function refundTile(page: Page, orderNumber: string, products: [Product, Product]) {
  await page.goto(`/backoffice/orders?search=${orderNumber}`);
  await page.getByTestId('orders-grid').getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(`Discount (${CODE})`)).toBeVisible();
  await expect(page.getByTestId('bo-order-discount')).toContainText('5.00');
  await page.getByTestId('order-refund').click();
  const dialog = page.getByTestId('refund-dialog');
  await dialog.getByLabel(`Quantity of ${products[0].name}`).fill('1');
  await expect(dialog.getByLabel('Restock items')).toBeChecked();
  // 30.00 less its 3.00 of the code, with its share of the tax (6.21).
  await expect(dialog.getByLabel('Amount to refund')).toHaveValue('33.21');
  await expectAccessible(page);
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-status').first()).toHaveText('Partially refunded');
}

test('staff set up shipping to Portugal, its VAT and a code; a buyer pays with them and gets the invoice; staff refund one line and restock it (desktop)', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const tokens = await tokensOf(request, STAFF);
  const api = backofficeApi(request, tokens);
  // A retried run starts from a shop without zones or Portugal's tax, as the first did.
  for (const zone of (await api('GET', '/shipping-zones/')) as { id: number }[])
    await api('DELETE', `/shipping-zones/${zone.id}/`);
  for (const rate of (await api('GET', '/tax-rates/')) as { id: number; country: string }[])
    if (rate.country === 'PT') await api('DELETE', `/tax-rates/${rate.id}/`);

  const staff = await loggedInPage(browser, request, STAFF, { viewport: VIEWPORTS.desktop });
  const page = staff.page;
  await page.goto('/backoffice/shipping');
  await page.getByRole('button', { name: 'New zone' }).click();
  await page.getByLabel('Zone name').fill('Portugal');
  await page.getByRole('combobox', { name: 'Countries' }).fill('Portugal');
  await page.getByRole('option', { name: /^Portugal\b/ }).click();
  await page.getByLabel('Rate 1 name').fill(RATE);
  await page.getByLabel('Rate 1 price').fill('4.90');
  await page.getByLabel('Rate 1 free over').fill('200.00');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save zone' }).click();
  await expect(page.getByRole('button', { name: 'Edit zone Portugal' })).toBeVisible();
  // The list writes the rate in the shop's currency.
  await expect(page.getByRole('list', { name: 'Rates of Portugal' })).toHaveText(`${RATE}: $4.90, free over $200.00`);

  await page.goto('/backoffice/tax-rates');
  await page.getByRole('button', { name: 'New tax rate' }).click();
  await page.getByRole('combobox', { name: 'Country' }).fill('Portugal');
  await page.getByRole('option', { name: /^Portugal\b/ }).click();
  await page.getByLabel('Tax name').fill('IVA');
  await page.getByLabel('Rate (%)').fill('23');
  await page.getByRole('button', { name: 'Save tax rate' }).click();
  await expect(page.getByRole('button', { name: 'Edit tax rate IVA (PT)' })).toBeVisible();

  await page.goto('/backoffice/discounts');
  await page.getByRole('button', { name: 'New discount code' }).click();
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(CODE);
  await page.getByRole('textbox', { name: 'Percentage', exact: true }).fill('10');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('button', { name: `Edit ${CODE}` })).toBeVisible();

  const products = await twoProducts(request, tokens, 'desktop');
  const buyer = await buyerWithCart(browser, request, products, VIEWPORTS.desktop);
  const orderNumber = await buy(buyer.page, buyer.person, products);
  await buyer.close();

  expect(await stockOf(request, tokens, products[0])).toBe(4);
  await refundTile(page, orderNumber, products);
  expect(await stockOf(request, tokens, products[0])).toBe(5);
  expect(await stockOf(request, tokens, products[1])).toBe(4);
  await staff.close();
});

test('the same purchase, invoice and refund at phone width, with the shop set up above', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const tokens = await tokensOf(request, STAFF);
  const products = await twoProducts(request, tokens, 'phone');
  const buyer = await buyerWithCart(browser, request, products, VIEWPORTS.phone);
  const orderNumber = await buy(buyer.page, buyer.person, products);
  await buyer.close();

  const staff = await loggedInPage(browser, request, STAFF, { viewport: VIEWPORTS.phone, theme: 'dark' });
  await refundTile(staff.page, orderNumber, products);
  expect(await stockOf(request, tokens, products[0])).toBe(5);
  await staff.close();
});
