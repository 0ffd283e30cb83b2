import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { addVariant } from '../support/taberna';
import { hydrated } from '../support/hydration';

// Issue 16.2: a category page sorts and filters with its state in the URL; titles name the product or
// category; search forgives swapped letters and understands colours; one toast at a time.

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

const FOOTWEAR = '/taberna-store/category/footwear';

/** The product names on the page, in the order shown. */
const names = (page: Page) => page.getByTestId('product-card').getByRole('heading');

async function choose(page: Page, control: string, option: string) {
  await page.getByRole('combobox', { name: control }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function searchFromTopBar(page: Page, query: string) {
  await page.getByTestId('shop-search-open').click();
  await page.getByLabel('What are you looking for?').fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(`/taberna/search?${new URLSearchParams({ query }).toString()}`);
}

for (const viewport of VIEWPORTS) {
  test.describe(`the shop at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a category page sorts and filters; the choice is in the URL and survives reload and Back', async ({ page }) => {
      await page.goto(FOOTWEAR);
      await expect(page.getByRole('heading', { level: 1, name: 'Footwear' })).toBeVisible();
      await expect(page).toHaveTitle('Footwear | Taberna E-com');
      await expect(names(page)).toHaveCount(6);

      await choose(page, 'Sort by', 'Price: low to high');
      await expect(page).toHaveURL(`${FOOTWEAR}?sort=price`);
      await expect(names(page)).toHaveText([
        'Canvas Sneakers',
        'Slip-On Loafers',
        'High-Top Sneakers',
        'Trail Running Shoes',
        'Leather Chelsea Boots',
        'Hiking Boots',
      ]);

      // Prices apply together, on the button.
      await page.getByLabel('Min price').fill('50');
      await page.getByLabel('Max price').fill('130');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(`${FOOTWEAR}?sort=price&min_price=50&max_price=130`);
      await expect(names(page)).toHaveText([
        'Slip-On Loafers',
        'High-Top Sneakers',
        'Trail Running Shoes',
        'Leather Chelsea Boots',
      ]);

      await choose(page, 'Colour', 'Brown');
      await expect(page).toHaveURL(`${FOOTWEAR}?sort=price&min_price=50&max_price=130&color=Brown`);
      await expect(names(page)).toHaveText(['Slip-On Loafers', 'Leather Chelsea Boots']);

      await choose(page, 'Size', '42');
      await expect(page).toHaveURL(`${FOOTWEAR}?sort=price&min_price=50&max_price=130&color=Brown&size=42`);
      await expect(names(page)).toHaveText(['Slip-On Loafers', 'Leather Chelsea Boots']);

      // The loafers are sold out.
      await page.getByRole('switch', { name: 'In stock only' }).click();
      const everything = `${FOOTWEAR}?sort=price&min_price=50&max_price=130&color=Brown&size=42&in_stock=true`;
      await expect(page).toHaveURL(everything);
      await expect(names(page)).toHaveText(['Leather Chelsea Boots']);
      await expectAccessible(page);

      // A reload keeps every choice, in the controls too.
      await page.reload();
      await expect(page).toHaveURL(everything);
      await expect(names(page)).toHaveText(['Leather Chelsea Boots']);
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Price: low to high');
      await expect(page.getByLabel('Min price')).toHaveValue('50');
      await expect(page.getByLabel('Max price')).toHaveValue('130');
      await expect(page.getByRole('combobox', { name: 'Colour' })).toHaveText('Brown');
      await expect(page.getByRole('combobox', { name: 'Size' })).toHaveText('42');
      await expect(page.getByRole('switch', { name: 'In stock only' })).toBeChecked();

      // Back undoes one choice at a time.
      await page.goBack();
      await expect(page).toHaveURL(`${FOOTWEAR}?sort=price&min_price=50&max_price=130&color=Brown&size=42`);
      await expect(page.getByRole('switch', { name: 'In stock only' })).not.toBeChecked();
      await expect(names(page)).toHaveText(['Slip-On Loafers', 'Leather Chelsea Boots']);
      await page.goBack();
      await page.goBack();
      await expect(page).toHaveURL(`${FOOTWEAR}?sort=price&min_price=50&max_price=130`);
      await expect(page.getByRole('combobox', { name: 'Colour' })).not.toContainText('Brown');
      await expect(names(page)).toHaveCount(4);
      await page.goBack();
      await expect(page).toHaveURL(`${FOOTWEAR}?sort=price`);
      await expect(page.getByLabel('Min price')).toHaveValue('');
      await expect(names(page)).toHaveCount(6);

      // A size that only some products come in, and Clear filters keeps the sorting.
      await page.goto('/taberna-store/category/home-kitchen?sort=-price');
      await choose(page, 'Size', '40 cm');
      await expect(page).toHaveURL('/taberna-store/category/home-kitchen?sort=-price&size=40+cm');
      await expect(names(page)).toHaveText(['Wool Throw Cushion', 'Linen Cushion']);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL('/taberna-store/category/home-kitchen?sort=-price');
      await expect(names(page)).toHaveCount(6);
      await expect(names(page).first()).toHaveText('Table Lamp');
    });

    // At desktop width only: the title and the toasts do not depend on the width, and the product page
    // at phone width is covered by taberna-checkout-address.spec.ts (choosing, adding, axe).
    if (viewport.name === 'desktop')
      test('a product page is titled with its name; a failed add is replaced by the success toast', async ({ page }) => {
        await page.goto(`${FOOTWEAR}/leather-chelsea-boots`);
        await expect(page.getByTestId('product-name')).toHaveText('Leather Chelsea Boots');
        await expect(page).toHaveTitle('Leather Chelsea Boots | Taberna E-com');

        // Nothing chosen: the server refuses, one error toast.
        await addVariant(page, null, null);
        const toast = page.getByTestId('alert');
        await expect(toast).toHaveAttribute('data-alert-type', 'error');
        await expect(toast).toContainText('Choose a colour for Leather Chelsea Boots');
        await expect(page.getByTestId('add-to-cart-error')).toBeVisible();

        // Chosen: the success toast takes the error's place, and the form's error goes too.
        await addVariant(page, 'Brown', '42');
        await expect(page.getByTestId('add-to-cart-done')).toContainText('Leather Chelsea Boots (Brown, 42) is in your cart.');
        await expect(toast).toHaveCount(1);
        await expect(toast).toHaveAttribute('data-alert-type', 'success');
        await expect(toast).not.toContainText('Choose a colour');
        await expect(page.getByTestId('add-to-cart-error')).toHaveCount(0);
        await expectAccessible(page);
        // The toast goes by itself (spec §4), and the page moves up when it does: wait for that rather
        // than click the breadcrumb as it moves (a CI run's click landed beside it).
        await expect(toast).toBeHidden();

        // The breadcrumb leads to the category, titled with its name; the route's generic title never lingers.
        await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Footwear' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Footwear' })).toBeVisible();
        await expect(page).toHaveTitle('Footwear | Taberna E-com');
      });

    test('search through the top bar forgives swapped letters and finds products by colour', async ({ page }) => {
      await page.goto('/taberna');
      // The shop's home is rendered on the server: its top bar works once React has hydrated it.
      await hydrated(page);
      await searchFromTopBar(page, 'Oragnic');
      await expect(names(page).first()).toHaveText('Organic Cotton T-Shirt');
      await expectAccessible(page);

      // A colour word matches the products that come in that colour.
      await page.getByRole('textbox', { name: 'Search the shop' }).fill('red');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL('/taberna/search?query=red');
      const red = [
        'Organic Cotton T-Shirt',
        'Packable Rain Jacket',
        'Canvas Sneakers',
        'Wool Throw Cushion',
        'Baseball Cap',
        'Camping Mug',
      ];
      // Polled: the previous search's list (which also holds the T-shirt) stays on screen until the new one arrives.
      await expect.poll(() => names(page).allTextContents()).toEqual(expect.arrayContaining(red));

      // A colour and a word together: the red jacket ranks first, then other jackets and red things.
      await searchFromTopBar(page, 'red jacket');
      await expect
        .poll(async () => (await names(page).allTextContents()).slice(0, 2))
        .toEqual(['Packable Rain Jacket', 'Denim Jacket']);
    });
  });
}
