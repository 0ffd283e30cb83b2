import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { loggedInPage, paidOrderOf, STAFF } from '../support/backoffice';
import { emailTo } from '../support/outbox';
import { PICTURE } from '../support/social';
import { SERVERS } from '../support/servers';
import { addVariant, fillBilling, newShopCustomer, stockOf, payWithCard } from '../support/taberna';
import { hydrated } from '../support/hydration';

// A long flow across two browsers on a shared machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Opens an order from the orders grid, found by searching its number. */
async function openOrder(page: Page, orderNumber: string) {
  await page.goto(`/backoffice/orders?search=${orderNumber}`);
  const link = page.getByTestId('orders-grid').getByRole('link', { name: orderNumber });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
}

/** Confirms an order action from the order page. */
async function act(page: Page, action: 'ship' | 'refund', fill?: (page: Page) => Promise<void>) {
  await page.getByTestId(`order-${action}`).click();
  // Issue 28: a refund has its own dialog (lines, restock, amount).
  const dialog = page.getByTestId(action === 'refund' ? 'refund-dialog' : 'order-action-dialog');
  await expect(dialog).toBeVisible();
  await fill?.(page);
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();
}

test('staff add a category and a product with two pictures; a customer buys it; staff ship one order and refund another', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = randomBytes(3).toString('hex');
  const categoryName = `Lanterns ${tag}`;
  const productName = `Storm Lantern ${tag}`;

  // An anonymous visitor is sent to the back office's login (issue 26), and comes back to the page asked for.
  await page.goto('/backoffice/categories');
  await expect(page).toHaveURL(/\/backoffice\/login\?redirect=%2Fbackoffice%2Fcategories/);
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/backoffice/categories');

  // A category, then a product in it with stock 3.
  await page.getByTestId('category-name').fill(categoryName);
  await page.getByTestId('category-create').click();
  await expect(page.getByTestId('category-row').filter({ hasText: categoryName })).toContainText('0 products');

  // A draft (issue 25): its details, two colours and two pictures in the same form, out of the shop.
  await page.getByTestId('bo-nav-products').click();
  await page.getByTestId('new-product').click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await page.getByTestId('product-name').fill(productName);
  await page.getByTestId('product-category').click();
  await page.getByRole('option', { name: categoryName }).click();
  await page.getByTestId('product-price').fill('24.5');
  await page.getByTestId('product-description').fill('A brass lantern that keeps burning in the wind.');
  for (const colour of ['Brass', 'Black']) {
    await page.getByTestId('product-colors').fill(colour);
    await page.getByTestId('product-colors').press('Enter');
  }
  await page.getByTestId('new-picture-input').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: PICTURE },
    { name: 'side.png', mimeType: 'image/png', buffer: PICTURE },
  ]);
  await expect(page.getByTestId('new-picture')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Picture 2 shows' }).click();
  await page.getByRole('option', { name: 'Black', exact: true }).click();
  await expectAccessible(page);
  await page.getByTestId('product-save').click();
  await expect(page).toHaveURL(/\/backoffice\/products\/\d+$/);
  const productId = Number(/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.getByTestId('picture')).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Picture 2 shows' })).toHaveText('Black');

  // Its stock, set per variant in the grid; then the pictures put in the other order.
  for (const [colour, stock] of [
    ['Brass', '2'],
    ['Black', '1'],
  ] as const) {
    const row = page.getByTestId('variant-row').filter({ hasText: colour });
    await row.getByLabel(`Stock of ${colour}`).fill(stock);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByRole('button', { name: 'Save' })).toBeDisabled();
  }
  await expect(page.getByText('In stock in all: 3.')).toBeVisible();
  const firstBefore = await page.getByTestId('picture').first().locator('img').getAttribute('src');
  await page.getByRole('button', { name: 'Move picture 2 earlier' }).click();
  await expect(page.getByTestId('picture').first().locator('img')).not.toHaveAttribute('src', firstBefore!);
  await expectAccessible(page);

  // Not in the shop while a draft: published, it is.
  const draftPage = await request.get(`/taberna-store/api/v1/latest-products/`);
  expect(((await draftPage.json()) as { id: number }[]).map((p) => p.id)).not.toContain(productId);
  await page.getByTestId('product-publish').click();
  await expect(page.getByTestId('product-publish')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'See it in the shop' })).toBeVisible();

  // Live in the shop once published: its category page (from the shop's menu) and its search.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await customerPage.goto('/taberna');
  await hydrated(customerPage);
  await customerPage.getByRole('button', { name: 'Category' }).click();
  await customerPage.getByRole('menuitem', { name: categoryName }).click();
  await expect(customerPage.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
  await expect(customerPage.getByTestId('product-card').filter({ hasText: productName })).toBeVisible();
  const categoryPath = new URL(customerPage.url()).pathname;
  await customerPage.goto(`/taberna/search?query=${encodeURIComponent(`lantern ${tag}`)}`);
  await expect(customerPage.getByTestId('product-card').filter({ hasText: productName })).toBeVisible();

  // A customer buys two with the test card.
  const customer = await newShopCustomer(request);
  await customerPage.goto('/taberna/login');
  await customerPage.getByLabel('Email').fill(customer.email);
  await customerPage.getByLabel('Password', { exact: true }).fill(customer.password);
  await customerPage.getByTestId('login-submit').click();
  await expect(customerPage).toHaveURL('/taberna');
  await customerPage.goto(categoryPath);
  await customerPage
    .getByRole('link', { name: new RegExp(productName) })
    .first()
    .click();
  await expect(customerPage.getByTestId('product-name')).toHaveText(productName);
  const [categorySlug, productSlug] = new URL(customerPage.url()).pathname.split('/').filter(Boolean).slice(-2) as [
    string,
    string,
  ];
  await addVariant(customerPage, 'Brass', null);
  await expect(customerPage.getByTestId('cart-link')).toContainText('Cart (1)');
  await addVariant(customerPage, 'Brass', null);
  await expect(customerPage.getByTestId('cart-link')).toContainText('Cart (2)');
  await customerPage.goto('/taberna/cart/checkout');
  await fillBilling(customerPage, customer);
  await customerPage.getByTestId('pay').click();
  await payWithCard(customerPage, '4242 4242 4242 4242');
  await expect(customerPage).toHaveURL(/\/taberna\/cart\/success/);
  const orderNumber = (await customerPage.getByTestId('order-number').textContent())!;
  expect(await stockOf(request, categorySlug, productSlug)).toBe(1);

  // In the back office as paid; staff mark it shipped with a tracking note.
  await openOrder(page, orderNumber);
  await expect(page.getByTestId('order-status').first()).toHaveText('Paid');
  await expect(page.getByTestId('payment-id')).not.toBeEmpty();
  await expect(page.getByTestId('bo-order-line')).toHaveCount(1);
  await expect(page.getByTestId('order-refund')).toBeVisible();
  await expect(page.getByTestId('order-deliver')).toHaveCount(0);
  await expectAccessible(page);
  const tracking = `Parcel ${tag.toUpperCase()}-77`;
  await act(page, 'ship', (p) => p.getByTestId('tracking-input').fill(tracking));
  await expect(page.getByTestId('order-status').first()).toHaveText('Shipped');
  await expect(page.getByTestId('order-tracking')).toHaveText(tracking);
  await expect(page.getByTestId('order-ship')).toHaveCount(0);
  await expect(page.getByTestId('order-deliver')).toBeVisible();

  // The customer's dashboard and email say so.
  await customerPage.goto('/taberna/dashboard');
  const card = customerPage.getByTestId('order-card').filter({ hasText: orderNumber });
  await expect(card.getByTestId('order-status')).toHaveText('Shipped');
  await expect(card.getByTestId('order-shipped')).toContainText(tracking);
  await expectAccessible(customerPage);
  const shippedMail = await emailTo(SERVERS.main.dataDir, customer.email, tracking);
  expect(shippedMail).toContain(orderNumber);
  await customerContext.close();

  // Another paid order (set up through the API), refunded: stock back, status refunded, email sent.
  const second = await newShopCustomer(request);
  const secondNumber = await paidOrderOf(request, second, productId, 1, { color: 'Black' });
  expect(await stockOf(request, categorySlug, productSlug)).toBe(0);
  await openOrder(page, secondNumber);
  await expect(page.getByTestId('order-status').first()).toHaveText('Paid');
  await act(page, 'refund', (p) => p.getByLabel(/^Quantity of /).fill('1'));
  await expect(page.getByTestId('order-status').first()).toHaveText('Refunded');
  await expect(page.getByTestId('order-refund')).toHaveCount(0);
  expect(await stockOf(request, categorySlug, productSlug)).toBe(1);
  const refundMail = await emailTo(SERVERS.main.dataDir, second.email, secondNumber);
  expect(refundMail.toLowerCase()).toContain('refund');

  // Each action is in the audit log; the stock ledger has the reservations and the refund's release.
  await page.goto(`/backoffice/audit?search=${secondNumber}`);
  await expect(page.getByTestId('audit-grid').getByText('order.refund')).toBeVisible();
  await page.goto(`/backoffice/audit?search=${orderNumber}`);
  await expect(page.getByTestId('audit-grid').getByText('order.ship')).toBeVisible();
  await page.goto(`/backoffice/stock?search=${encodeURIComponent(productName)}`);
  await page.getByRole('button', { name: `Stock ledger of ${productName}` }).click();
  const ledger = page.getByTestId('ledger-grid');
  await expect(ledger.getByRole('row')).toHaveCount(6); // header + Brass +2, Black +1, then -2, -1, +1
  await expect(ledger.getByText(`Order ${secondNumber}`).first()).toBeVisible();
});

test('bulk stock adjustment with a reason, low stock highlighted, and a category with products cannot be deleted', async ({
  browser,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const staff = await loggedInPage(browser, request, STAFF);
  const headers = { authorization: `Bearer ${staff.tokens.access}` };
  const category = (await (
    await request.post('/api/backoffice/categories/', { headers, data: { name: `Candles ${tag}` } })
  ).json()) as { id: number; name: string };
  for (const [name, stock] of [
    [`Beeswax Candle ${tag}`, 2],
    [`Soy Candle ${tag}`, 40],
  ] as const) {
    const made = await request.post('/api/backoffice/products/', {
      headers,
      data: { category_id: category.id, name, price: '6.00', description: '', stock, colors: [], sizes: [], is_available: true },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  const { page } = staff;
  await page.goto(`/backoffice/stock?search=${tag}`);
  const grid = page.getByTestId('stock-grid');
  await expect(grid.getByRole('row')).toHaveCount(3);
  await expect(
    grid
      .getByRole('row')
      .filter({ hasText: `Beeswax Candle ${tag}` })
      .getByTestId('low-stock'),
  ).toBeVisible();
  await expect(
    grid
      .getByRole('row')
      .filter({ hasText: `Soy Candle ${tag}` })
      .getByTestId('low-stock'),
  ).toHaveCount(0);

  await grid.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByTestId('bulk-adjust').click();
  const dialog = page.getByTestId('adjust-dialog');
  await dialog.getByTestId('adjust-delta').fill('10');
  await dialog.getByTestId('adjust-reason').fill(`Delivery ${tag}`);
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(grid.getByRole('row').filter({ hasText: `Beeswax Candle ${tag}` })).toContainText('12');
  await expect(grid.getByRole('row').filter({ hasText: `Soy Candle ${tag}` })).toContainText('50');
  await expect(grid.getByTestId('low-stock')).toHaveCount(0);

  await page.getByRole('button', { name: `Stock ledger of Beeswax Candle ${tag}` }).click();
  const ledger = page.getByTestId('ledger-grid');
  await expect(ledger.getByText(`Delivery ${tag}`)).toBeVisible();
  await expect(ledger.getByText(STAFF.email).first()).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  // Deleting a category that still has products: the server's 409 message shows in the dialog.
  await page.goto('/backoffice/categories');
  await page.getByRole('button', { name: `Delete Candles ${tag}` }).click();
  const confirm = page.getByTestId('delete-category-dialog');
  await confirm.getByTestId('dialog-confirm').click();
  await expect(confirm.getByTestId('dialog-error')).toContainText('still has products');
  await staff.close();
});
