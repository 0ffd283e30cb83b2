import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { hydrated } from '../support/hydration';
import { emailTo } from '../support/outbox';
import { SERVERS } from '../support/servers';
import { addVariant, fillBilling, newShopCustomer, payWithCard, stockOf } from '../support/taberna';

const HOODIE = ['clothing', 'hooded-sweatshirt'] as const;
const MUG = ['home-kitchen', 'ceramic-teapot'] as const;

test('a guest adds two variants, logs in with the cart kept, pays with the test card and sees the order', async ({
  page,
  request,
}) => {
  const person = await newShopCustomer(request);
  const stockBefore = await stockOf(request, ...HOODIE);

  await page.goto('/taberna');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expectAccessible(page);
  await hydrated(page);
  await page.getByRole('button', { name: 'Category' }).click();
  await page.getByRole('menuitem', { name: 'Clothing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clothing' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /Hooded Sweatshirt/ }).click();
  await expect(page.getByTestId('product-name')).toHaveText('Hooded Sweatshirt');
  await expectAccessible(page);

  // Colour and size must be chosen: the server says which is missing, nothing is added.
  await addVariant(page, null, null);
  await expect(page.getByTestId('add-to-cart-error')).toContainText('Choose a colour for Hooded Sweatshirt');
  await expect(page.getByTestId('cart-link')).toContainText('Cart (0)');

  await addVariant(page, 'Grey', 'M');
  await expect(page.getByTestId('add-to-cart-done')).toContainText('Hooded Sweatshirt (Grey, M) is in your cart.');
  await expect(page.getByTestId('cart-link')).toContainText('Cart (1)');
  await addVariant(page, 'Navy', 'L');
  await expect(page.getByTestId('cart-link')).toContainText('Cart (2)');
  const guestCartId = await page.evaluate(() => localStorage.getItem('cartId'));
  expect(guestCartId).toMatch(/^[A-Za-z0-9_-]{32}$/);

  // Log in: the guest cart joins the account.
  await page.getByTestId('nav-login').click();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/taberna');
  await expect(page.getByTestId('cart-link')).toContainText('Cart (2)');
  expect(await page.evaluate(() => localStorage.getItem('cartId'))).toBeNull();

  await page.getByTestId('cart-link').click();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-grand-total')).toHaveText('$90.78'); // 2 × 44.50 + 2% tax
  await expectAccessible(page);
  await page.getByTestId('proceed-to-checkout').click();
  await expect(page).toHaveURL('/taberna/cart/checkout');

  // The billing form is checked on the server; its errors show beside the fields.
  await page.getByTestId('pay').click();
  await expect(page.getByText('This field may not be blank.').first()).toBeVisible();
  await expectAccessible(page);
  await fillBilling(page, person);
  await page.getByTestId('pay').click();

  await expect(page.getByTestId('test-checkout-amount')).toHaveText('$90.78');
  await expectAccessible(page);
  await payWithCard(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/taberna\/cart\/success\?session_id=tcs_/);
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  expect(orderNumber).toMatch(/^\d{9,}$/);
  await expect(page.getByTestId('cart-link')).toContainText('Cart (0)');
  await expectAccessible(page);

  await page.getByTestId('nav-dashboard').click();
  const order = page.getByTestId('order-card').filter({ hasText: orderNumber });
  await expect(order).toBeVisible();
  await expect(order.getByTestId('order-line')).toHaveCount(2);
  await expect(order.getByTestId('order-total')).toHaveText('Total $90.78');
  await expect(order.getByTestId('order-payment')).toHaveText('Completed · Test card');
  await expectAccessible(page);

  expect(await stockOf(request, ...HOODIE)).toBe(stockBefore - 2);
  const email = await emailTo(SERVERS.main.dataDir, person.email, orderNumber);
  expect(email).toContain(`Subject: Your Taberna order ${orderNumber} is confirmed`);
});

test('a declined card lands on the failed page with the stock back and the cart intact', async ({ page, request }) => {
  test.setTimeout(120_000);
  const person = await newShopCustomer(request);
  await page.goto('/taberna/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/taberna');

  const stockBefore = await stockOf(request, ...MUG);
  await page.goto(`/taberna-store/category/${MUG.join('/')}`);
  await addVariant(page, 'Teal', null);
  await expect(page.getByTestId('cart-link')).toContainText('Cart (1)');
  await page.goto('/taberna/cart/checkout');
  await fillBilling(page, person);
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/taberna\/test-checkout\//);
  // The order holds the stock while the buyer is on the payment page.
  expect(await stockOf(request, ...MUG)).toBe(stockBefore - 1);

  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(/\/taberna\/cart\/failed\?session_id=tcs_/);
  await expect(page.getByTestId('payment-failed')).toContainText('The payment did not go through');
  await expectAccessible(page);
  await expect.poll(() => stockOf(request, ...MUG)).toBe(stockBefore);
  await expect(page.getByTestId('cart-link')).toContainText('Cart (1)');
  await page.getByRole('link', { name: 'Back to the cart' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  await page.getByTestId('nav-dashboard').click();
  await expect(page.getByText('You have no orders yet')).toBeVisible();
});

test('searching from the top bar, and the shop on a phone', async ({ page }) => {
  await page.goto('/taberna');
  // The shop's home is rendered on the server: its top bar works once React has hydrated it.
  await hydrated(page);
  await page.getByTestId('shop-search-open').click();
  // Typing goes straight into the field (issue 25): the dialog gives it the focus.
  await expect(page.getByLabel('What are you looking for?')).toBeFocused();
  await page.keyboard.type('jaket');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL('/taberna/search?query=jaket');
  await expect(page.getByTestId('product-card').filter({ hasText: 'Denim Jacket' })).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('menu-button').click();
  const drawer = page.getByTestId('mobile-drawer');
  await drawer.getByRole('link', { name: 'Footwear' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Footwear' })).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('product-card').filter({ hasText: 'Slip-On Loafers' }).getByTestId('stock-state')).toHaveText(
    'Out of stock',
  );
  await expectAccessible(page);

  await page.goto('/apps_manager/search?query=backpack');
  await expect(page.getByTestId('product-results').getByText('Everyday Backpack')).toBeVisible();
});

test('the shop pages pass axe in the dark theme too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  for (const path of [
    '/taberna',
    '/taberna-store/category/clothing',
    '/taberna-store/category/clothing/merino-wool-sweater',
    '/taberna/search?query=boots',
    '/taberna/cart',
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', 'dark');
    await expect(page.getByRole('heading', { level: 1 }).or(page.getByTestId('empty-state')).first()).toBeVisible();
    await expectAccessible(page);
  }
});
