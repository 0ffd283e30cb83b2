import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bearer, loggedInPage, paidOrderOf, STAFF, tokensOf, type Tokens } from '../support/backoffice';
import { PICTURE, activatedPerson } from '../support/social';
import { newShopCustomer } from '../support/taberna';
import { hydrated } from '../support/hydration';

// Two browsers at a time on a shared machine.
const expect = baseExpect.configure({ timeout: 20_000 });
// One after the other: the reordering test needs its two new categories side by side, and the other
// tests here make categories too (in parallel, one landed between them and the move swapped the wrong pair).
test.describe.configure({ mode: 'default' });

/**
 * The catalogue points that had API tests only (issue 15.3) and the owner's role control (15.1), in the
 * browser. What a test does not look at is set up through the API, as staff.
 */

interface Made {
  id: number;
  name: string;
  slug: string;
}

async function categoryOf(request: APIRequestContext, staff: Tokens, name: string): Promise<Made> {
  const answer = await request.post('/api/backoffice/categories/', { headers: bearer(staff), data: { name } });
  expect(answer.status(), await answer.text()).toBe(201);
  return { ...((await answer.json()) as Made), name };
}

async function productOf(request: APIRequestContext, staff: Tokens, categoryId: number, name: string): Promise<Made> {
  const answer = await request.post('/api/backoffice/products/', {
    headers: bearer(staff),
    data: { category_id: categoryId, name, price: '12.00', description: 'Made for a browser test.', stock: 5 },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return { ...((await answer.json()) as Made), name };
}

/** The names of a list's items, in order. */
const namesIn = (items: Locator) => items.allInnerTexts();

/** The shop's category menu (only categories with a product on sale are in it), as a visitor sees it. */
async function shopMenu(page: Page): Promise<string[]> {
  await page.goto('/taberna');
  await hydrated(page);
  await page.getByRole('button', { name: 'Category' }).click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const names = await items.allInnerTexts();
  await page.keyboard.press('Escape');
  return names.map((name) => name.trim());
}

/** Index of the one entry containing `text`; fails when there is none. */
function indexOf(names: string[], text: string): number {
  const index = names.findIndex((name) => name.includes(text));
  expect(index, `${text} in ${JSON.stringify(names)}`).toBeGreaterThanOrEqual(0);
  return index;
}

test('staff rename a category and move it up and down (back office and shop menu follow), and delete an empty one', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const tokens = await tokensOf(request, STAFF);
  // Two categories, made one after the other so they sit side by side, each with a product so the shop lists them.
  const first = await categoryOf(request, tokens, `Kites ${tag}`);
  const second = await categoryOf(request, tokens, `Yoyos ${tag}`);
  await productOf(request, tokens, first.id, `Box Kite ${tag}`);
  await productOf(request, tokens, second.id, `Wooden Yoyo ${tag}`);
  const empty = await categoryOf(request, tokens, `Empty ${tag}`);

  const staff = await loggedInPage(browser, request, STAFF);
  const { page } = staff;
  await page.goto('/backoffice/categories');
  const rows = page.getByTestId('category-row');
  const row = (name: string) => rows.filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row(first.name)).toBeVisible();

  // Rename through the dialog.
  const renamed = `Kites and Sails ${tag}`;
  await page.getByRole('button', { name: `Rename ${first.name}` }).click();
  const renameDialog = page.getByTestId('rename-dialog');
  await renameDialog.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await renameDialog.getByTestId('dialog-confirm').click();
  await expect(renameDialog).toBeHidden();
  await expect(row(renamed)).toBeVisible();
  await expect(row(first.name)).toHaveCount(0);

  // Before: the renamed one, then the second. Move the second up: it is first now, in both places.
  const listNames = () => namesIn(page.getByTestId('category-list').locator('[data-testid="category-row"] a'));
  let names = await listNames();
  expect(indexOf(names, renamed)).toBe(indexOf(names, second.name) - 1);
  await page.getByRole('button', { name: `Move ${second.name} up` }).click();
  await expect
    .poll(async () => {
      const now = await listNames();
      return indexOf(now, second.name) - indexOf(now, renamed);
    })
    .toBe(-1);
  // It stays so after a reload (the server's order, not the page's).
  await page.reload();
  await expect(row(renamed)).toBeVisible();
  names = await listNames();
  expect(indexOf(names, second.name)).toBe(indexOf(names, renamed) - 1);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  let menu = await shopMenu(visitor);
  expect(menu).not.toContain(first.name);
  expect(indexOf(menu, second.name)).toBeLessThan(indexOf(menu, renamed));
  // The shop's category page carries the new name too.
  await visitor.goto(`/taberna-store/category/${first.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  // And back down.
  await page.getByRole('button', { name: `Move ${second.name} down` }).click();
  await expect
    .poll(async () => {
      const now = await listNames();
      return indexOf(now, second.name) - indexOf(now, renamed);
    })
    .toBe(1);
  menu = await shopMenu(visitor);
  expect(indexOf(menu, second.name)).toBeGreaterThan(indexOf(menu, renamed));

  // An empty category is deleted; one with products is refused with the server's reason.
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const deleteDialog = page.getByTestId('delete-category-dialog');
  await deleteDialog.getByTestId('dialog-confirm').click();
  await expect(deleteDialog.getByTestId('dialog-error')).toBeVisible();
  await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(row(renamed)).toBeVisible();

  await expect(row(empty.name)).toContainText('0 products');
  await page.getByRole('button', { name: `Delete ${empty.name}` }).click();
  await expect(deleteDialog).toContainText(`Delete ${empty.name}?`);
  await deleteDialog.getByTestId('dialog-confirm').click();
  await expect(deleteDialog).toBeHidden();
  await expect(row(empty.name)).toHaveCount(0);
  await page.reload();
  await expect(row(renamed)).toBeVisible();
  await expect(row(empty.name)).toHaveCount(0);
  const list = await request.get(`/api/backoffice/categories/?search=${encodeURIComponent(empty.name)}`, {
    headers: bearer(tokens),
  });
  expect(((await list.json()) as { results: unknown[] }).results).toHaveLength(0);

  await visitorContext.close();
  await staff.close();
});

test('staff delete products: one with orders is hidden (gone from the shop, kept in the back office), one without is gone', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const tokens = await tokensOf(request, STAFF);
  const category = await categoryOf(request, tokens, `Candles ${tag}`);
  const ordered = await productOf(request, tokens, category.id, `Beeswax Candle ${tag}`);
  const unordered = await productOf(request, tokens, category.id, `Soy Candle ${tag}`);
  await paidOrderOf(request, await newShopCustomer(request), ordered.id, 1);

  const staff = await loggedInPage(browser, request, STAFF);
  const { page } = staff;
  const deleteFromEditor = async (product: Made, confirmLabel: string, alert: string) => {
    await page.goto(`/backoffice/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await page.getByTestId('product-delete').click();
    const dialog = page.getByTestId('delete-product-dialog');
    await expect(dialog.getByTestId('dialog-confirm')).toHaveText(confirmLabel);
    await dialog.getByTestId('dialog-confirm').click();
    // The alert first: it shows for five seconds from the answer, and the list's page may take longer
    // than that to load on a busy machine (the URL changes once it has).
    await expect(page.getByText(alert)).toBeVisible();
    await expect(page).toHaveURL(/\/backoffice\/products$/);
  };

  // With an order: the dialog says it will be hidden, and it is.
  await deleteFromEditor(ordered, 'Hide it', `${ordered.name} is hidden: orders refer to it.`);
  await page.goto(`/backoffice/products?search=${encodeURIComponent(ordered.name)}`);
  const grid = page.getByTestId('products-grid');
  await expect(grid.getByTestId('product-link').filter({ hasText: ordered.name })).toBeVisible();
  // The switch follows the page's URL (set a moment after the click), so click it rather than check().
  await page.getByLabel('Hidden only').click();
  await expect(page).toHaveURL(/hidden=true/);
  await expect(page.getByLabel('Hidden only')).toBeChecked();
  const hiddenRow = grid.getByRole('row').filter({ hasText: ordered.name });
  await expect(hiddenRow).toBeVisible();
  await expect(hiddenRow).toContainText('Hidden');
  await hiddenRow.getByTestId('product-link').click();
  await expect(page.getByText('Hidden from the shop: orders refer to it.')).toBeVisible();

  // Without an order: gone, from the grid and from the API.
  await deleteFromEditor(unordered, 'Delete', `${unordered.name} deleted.`);
  await page.goto(`/backoffice/products?search=${encodeURIComponent(unordered.name)}`);
  await expect(grid).toContainText(`No product matches “${unordered.name}”.`);
  await page.getByLabel('Hidden only').click();
  await expect(page).toHaveURL(/hidden=true/);
  await expect(grid).toContainText(`No product matches “${unordered.name}”.`);
  expect((await request.get(`/api/backoffice/products/${unordered.id}/`, { headers: bearer(tokens) })).status()).toBe(404);

  // The shop shows neither: not in its category, not in search, no product page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/taberna/search?query=${encodeURIComponent(`candle ${tag}`)}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('product-card')).toHaveCount(0);
  for (const product of [ordered, unordered]) {
    const answer = await request.get(`/taberna-store/api/v1/products/${category.slug}/${product.slug}/`);
    expect(answer.status(), product.name).toBe(404);
  }
  // The category has no product on sale left, so the shop's menu drops it.
  expect(await shopMenu(visitor)).not.toContain(category.name);
  await visitorContext.close();
  await staff.close();
});

test('staff delete a picture and reorder the rest; the shop shows the new first picture', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const tokens = await tokensOf(request, STAFF);
  const category = await categoryOf(request, tokens, `Maps ${tag}`);
  const product = await productOf(request, tokens, category.id, `Sea Chart ${tag}`);
  // Three pictures through the API (the upload itself has its own browser test).
  const uploaded: string[] = [];
  for (const name of ['one.png', 'two.png', 'three.png']) {
    const answer = await request.post(`/api/backoffice/products/${product.id}/images/`, {
      headers: bearer(tokens),
      multipart: { image: { name, mimeType: 'image/png', buffer: PICTURE } },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    uploaded.push(((await answer.json()) as { image: string }).image);
  }
  const [one, two, three] = uploaded as [string, string, string];
  const file = (url: string) => new URL(url, 'http://x').pathname;

  const staff = await loggedInPage(browser, request, STAFF);
  const { page } = staff;
  await page.goto(`/backoffice/products/${product.id}`);
  const pictures = page.getByTestId('picture');
  const sources = async () =>
    (await pictures.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''))).map(file);
  await expect(pictures).toHaveCount(3);
  expect(await sources()).toEqual([one, two, three].map(file));

  // The shop shows the first one.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const shopPage = `/taberna-store/category/${category.slug}/${product.slug}`;
  const shopMain = async () => {
    await visitor.goto(shopPage);
    await expect(visitor.getByTestId('product-name')).toHaveText(product.name);
    return file((await visitor.getByTestId('gallery-main').getAttribute('src'))!);
  };
  expect(await shopMain()).toBe(file(one));

  // Delete the first picture: two left, the second is first now.
  await page.getByRole('button', { name: 'Delete picture 1' }).click();
  await expect(pictures).toHaveCount(2);
  expect(await sources()).toEqual([two, three].map(file));
  expect(await shopMain()).toBe(file(two));

  // Move the last one earlier: it is the first, here and in the shop (after a reload too).
  await page.getByRole('button', { name: 'Move picture 2 earlier' }).click();
  await expect.poll(sources).toEqual([three, two].map(file));
  await page.reload();
  await expect(pictures).toHaveCount(2);
  expect(await sources()).toEqual([three, two].map(file));
  expect(await shopMain()).toBe(file(three));
  // The shop's thumbnails hold each remaining picture once, the deleted one not at all.
  const thumbnails = visitor.getByRole('group', { name: 'Pictures' }).locator('img');
  const shopPictures = (await thumbnails.evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''))).map(
    file,
  );
  expect(shopPictures).toEqual([three, two].map(file));

  // And later again, from the back office.
  await page.getByRole('button', { name: 'Move picture 1 later' }).click();
  await expect.poll(sources).toEqual([two, three].map(file));
  expect(await shopMain()).toBe(file(two));

  await visitorContext.close();
  await staff.close();
});

test('an owner makes someone staff in Accounts (they get the back office); staff without owner get no role control', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const person = await activatedPerson(request);

  // Before: no back office for them.
  const them = await loggedInPage(browser, request, person);
  await them.page.goto('/social/home');
  await expect(them.page.getByTestId('nav-avatar')).toBeVisible();
  await expect(them.page.getByTestId('nav-backoffice')).toHaveCount(0);

  // The owner finds them and makes them staff.
  const owner = await loggedInPage(browser, request, STAFF);
  await owner.page.goto(`/backoffice/accounts?search=${encodeURIComponent(person.email)}`);
  const grid = owner.page.getByTestId('accounts-grid');
  const row = grid.getByRole('row').filter({ hasText: person.email });
  await expect(row).toBeVisible();
  // At 1,280 px the row's actions are on screen, not past the grid's edge to be scrolled to.
  await expect(row.getByTestId('account-role')).toBeInViewport({ ratio: 1 });
  await row.getByTestId('account-role').click();
  const dialog = owner.page.getByTestId('role-dialog');
  await expect(dialog).toContainText(`Role of ${person.email}`);
  await dialog.getByTestId('role-select').click();
  await owner.page.getByRole('option', { name: 'Staff' }).click();
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Staff');
  await owner.page.reload();
  await expect(row).toContainText('Staff');

  // Their next page load has the back office in the menu, and it opens.
  await them.page.reload();
  await expect(them.page.getByTestId('nav-avatar')).toBeVisible();
  await them.page.getByTestId('nav-backoffice').click();
  await expect(them.page).toHaveURL('/backoffice');
  await expect(them.page.getByTestId('figure-orders-to-ship')).toBeVisible();

  // As staff (not owner) they run Accounts, but without the role control; the server refuses them too.
  await them.page.goto(`/backoffice/accounts?search=${encodeURIComponent(STAFF.email)}`);
  const theirRow = them.page.getByTestId('accounts-grid').getByRole('row').filter({ hasText: STAFF.email });
  await expect(theirRow).toBeVisible();
  await expect(theirRow.getByTestId('account-suspend')).toBeVisible();
  await expect(them.page.getByTestId('account-role')).toHaveCount(0);
  const accounts = await request.get(`/api/backoffice/accounts/?search=${encodeURIComponent(person.email)}`, {
    headers: bearer(them.tokens),
  });
  expect(accounts.status()).toBe(200);
  const self = ((await accounts.json()) as { results: { id: number; email: string; role: string | null }[] }).results.find(
    (account) => account.email === person.email,
  )!;
  expect(self.role).toBe('staff');
  const refused = await request.post(`/api/backoffice/accounts/${self.id}/role/`, {
    headers: bearer(them.tokens),
    data: { role: 'owner' },
  });
  expect(refused.status()).toBe(403);

  // Back to no role: the owner takes it away, and the menu entry goes with the next load.
  await row.getByTestId('account-role').click();
  await dialog.getByTestId('role-select').click();
  await owner.page.getByRole('option', { name: 'No role' }).click();
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();
  await them.page.goto('/social/home');
  await expect(them.page.getByTestId('nav-avatar')).toBeVisible();
  await expect(them.page.getByTestId('nav-backoffice')).toHaveCount(0);

  await owner.close();
  await them.close();
});
