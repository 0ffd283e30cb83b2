import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectAccessible, expectTheme } from '../support/axe';
import { BACKOFFICE_PAGES, STAFF } from '../support/backoffice';
import { hydrated } from '../support/hydration';
import { DEMO } from '../support/people';
import { PUBLIC_ROUTES, SOCIAL_PROTECTED } from '../support/routes';
import { addVariant, fillBilling, newShopCustomer, payWithCard } from '../support/taberna';

// Pages with the app's chunks on a shared, busy machine (as the back-office specs configure it).
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Issue 26: "axe: 0 serious anywhere, both themes". The light theme is swept page by page in the
 * specs of each app (routes.spec.ts for every route); here every page is opened again with the
 * operating system asking for dark, as a visitor who has never touched the theme toggle would.
 */
test.use({ colorScheme: 'dark' });

/** Data loaded: no skeleton and no loading grid left. */
async function loaded(page: Page) {
  await expect(page.locator('.MuiSkeleton-root, .MuiDataGrid-overlayWrapper .MuiLinearProgress-root')).toHaveCount(0);
}

/** Opens a page, waits until it is ready (its title, or what `ready` waits for), and runs axe on it dark. */
async function sweep(page: Page, path: string, ready: string | ((page: Page) => Promise<void>)) {
  await page.goto(path);
  if (typeof ready === 'string') await expect(page, path).toHaveTitle(ready);
  else await ready(page);
  // A server-rendered page is light until React takes it over with the visitor's preference.
  await hydrated(page);
  await loaded(page);
  await expectTheme(page, 'dark');
  await expectAccessible(page);
}

async function logIn(page: Page, loginPath: string, person: { email: string; password: string }, landing: string | RegExp) {
  await page.goto(loginPath);
  await hydrated(page);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(landing);
}

const heading = (name: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/** Public pages the route list leaves out, or shows with sample parameters only: path, layout, title. */
const MORE_PUBLIC: [string, string, string][] = [
  ['/no-such-page-here', 'mainAppsManager', 'Not Found | Apps Manager'],
  ['/taberna-store/category/footwear', 'mainTaberna', 'Footwear | Taberna E-com'],
  ['/taberna-store/category/footwear/canvas-sneakers', 'mainTaberna', 'Canvas Sneakers | Taberna E-com'],
  ['/taberna/forgot-password', 'mainTaberna', 'Forgot password | Taberna E-com'],
  ['/social/forgot-password', 'mainSocial', 'Forgot password | Social Network'],
  // Links with a wrong token (the right ones, and the password-reset pages, are checked in both themes
  // by password-reset.spec.ts and by the share steps of ai-lab-assistant.spec.ts and hyper3d-editor.spec.ts).
  ['/taberna-profiles/activate/MQ/not-the-token/', 'mainAppsManager', 'Account activation | Apps Manager'],
  ['/ai-lab/shared/not-a-shared-conversation-token-00', 'mainAILab', 'Shared conversation | AI Lab'],
  ['/hyper3d/shared/not-a-shared-scene-token-000000000', 'mainHyper3d', 'Shared scene | Hyper 3D (Work In Progress)'],
  ['/account-suspended', 'mainAppsManager', 'Account suspended | Apps Manager'],
];

// One test per app (they run side by side): every public page, as a visitor who is not logged in.
const LAYOUTS = [...new Set(PUBLIC_ROUTES.map(([, layout]) => layout))];
for (const layout of LAYOUTS) {
  const routes = [...PUBLIC_ROUTES, ...MORE_PUBLIC].filter(([, routeLayout]) => routeLayout === layout);
  test(`the public pages of ${layout} pass axe in the dark theme`, async ({ page }) => {
    test.setTimeout(240_000);
    for (const [path, , title] of routes) {
      await sweep(page, path, async (p) => {
        await expect(p.getByTestId(`layout-${layout}`), path).toBeVisible();
        await expect(p, path).toHaveTitle(title);
      });
    }
  });
}

/**
 * The demo person's pages behind the login, and those that show more once logged in (the AI lab's
 * history, the Hyper 3D editor's saving); the others are the public sweep's: path, page title.
 */
const LOGGED_IN: Record<string, [string, string][]> = {
  'social network': [
    ['/social/home', 'Home | Social Network'],
    ...SOCIAL_PROTECTED,
    ['/social/bookmarks', 'Bookmarks | Social Network'],
    ['/social/blocked', 'Blocked and muted | Social Network'],
    ['/social/settings/data', 'Your data | Social Network'],
  ],
  'shop, AI lab and Hyper 3D': [
    ['/taberna/dashboard', 'Dashboard | Taberna E-com'],
    ['/taberna/dashboard/data', 'Your data | Taberna E-com'],
    ['/ai-lab', 'Funny Chat | AI Lab'],
    ['/ai-lab/my-gallery', 'Gallery | AI Lab'],
    ['/hyper3d/editor', 'Editor | Hyper 3D (Work In Progress)'],
    ['/hyper3d/scenes', 'My scenes | Hyper 3D (Work In Progress)'],
  ],
};

// In two halves, side by side: axe takes seconds a page on a busy machine.
for (const [apps, pages] of Object.entries(LOGGED_IN)) {
  test(`the demo person’s pages of the ${apps} pass axe in the dark theme`, async ({ page }) => {
    test.setTimeout(240_000);
    await logIn(page, '/social/login', DEMO, '/social/home');
    for (const [path, title] of pages) await sweep(page, path, title);
  });
}

test('a purchase passes axe in the dark theme: cart, checkout, test card, success', async ({ page, request }) => {
  test.setTimeout(240_000);
  const customer = await newShopCustomer(request);
  await logIn(page, '/taberna/login', customer, '/taberna');
  await page.goto('/taberna-store/category/footwear/canvas-sneakers');
  await addVariant(page, 'White', '40');
  await expect(page.getByTestId('cart-link')).toHaveAccessibleName('Cart (1)');
  await sweep(page, '/taberna/cart', 'Cart | Taberna E-com');
  await sweep(page, '/taberna/cart/checkout', 'Checkout | Taberna E-com');
  await fillBilling(page, customer);
  await expectAccessible(page);
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/taberna\/test-checkout\/tcs_/);
  await hydrated(page);
  await expectTheme(page, 'dark');
  await expectAccessible(page);
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/taberna\/cart\/success/);
  await expect(page.getByTestId('order-number')).not.toBeEmpty();
  await expectTheme(page, 'dark');
  await expectAccessible(page);
  await sweep(page, '/taberna/dashboard', async (p) => {
    await expect(p.getByTestId('order-card')).toHaveCount(1);
  });
});

/** The back office in two halves, each with a page opened from its list (an order, a product). */
const BACKOFFICE_HALVES = [
  { pages: BACKOFFICE_PAGES.slice(0, 5), list: '/backoffice/products', link: 'product-link' },
  { pages: BACKOFFICE_PAGES.slice(5), list: '/backoffice/orders', link: 'order-link' },
];

for (const [half, { pages, list, link }] of BACKOFFICE_HALVES.entries()) {
  test(`the back-office pages (${half + 1} of 2) pass axe in the dark theme`, async ({ page }) => {
    test.setTimeout(240_000);
    if (half === 0) await sweep(page, '/backoffice/login', heading('Log in to the back office'));
    await logIn(page, '/backoffice/login', STAFF, '/backoffice');
    for (const [path, name] of pages) await sweep(page, path, heading(name));
    await page.goto(list);
    await page.getByTestId(link).first().click();
    await expect(page).toHaveURL(new RegExp(`${list}/\\d+$`));
    await loaded(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectTheme(page, 'dark');
    await expectAccessible(page);
  });
}

test('the main pages pass axe on a phone in the dark theme', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await sweep(page, '/', 'Home | Apps Manager');
  await sweep(page, '/taberna', 'Home | Taberna E-com');
  await sweep(page, '/taberna-store/category/footwear/canvas-sneakers', 'Product | Taberna E-com');
  await sweep(page, '/social/home', 'Home | Social Network');
  await sweep(page, '/ai-lab', 'Funny Chat | AI Lab');
  await logIn(page, '/backoffice/login', STAFF, '/backoffice');
  await sweep(page, '/backoffice', heading('Overview'));
});
