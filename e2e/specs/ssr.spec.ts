import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { loggedInPage } from '../support/backoffice';
import { hydrated } from '../support/hydration';
import { addVariant } from '../support/taberna';

// Issue 12: the landing page is rendered on the server and hydrated. The anonymous, light view is
// in the HTML itself; a logged-in or dark-theme visitor never sees it, not even for one frame.

const APPS = ['Taberna E-com', 'Social Network', 'AI Lab', 'Hyper 3D (Work In Progress)'];
const ALICE = { email: 'alice@example.com', password: 'portal-demo-2026' };
const PRODUCT = '/taberna-store/category/clothing/organic-cotton-t-shirt';

/**
 * Records, on every animation frame from the start (each one runs before a paint), whether the
 * server's landing HTML or the boot spinner is visible, until the app has rendered its own view.
 */
async function watchFrames(page: Page) {
  await page.addInitScript(() => {
    const frames: { server: boolean; spinner: boolean }[] = [];
    (window as unknown as { __frames: typeof frames }).__frames = frames;
    const visible = (element: Element | null) => element !== null && element.checkVisibility();
    const frame = () => {
      frames.push({
        server: visible(document.querySelector('#root[data-ssr] h1')),
        spinner: visible(document.querySelector('.portal-boot')),
      });
      if (frames.length < 600) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    // The server's <h1> element, kept to see whether hydration adopted it or the page was rendered anew.
    new MutationObserver((_records, observer) => {
      const heading = document.querySelector('#root[data-ssr] h1');
      if (!heading) return;
      (window as unknown as { __serverHeading: Element }).__serverHeading = heading;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The console errors and uncaught exceptions of a page, as they come. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const framesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __frames: { server: boolean; spinner: boolean }[] }).__frames);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows the headings and the apps from the server', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('One portal, all its apps');
    await expect(page.getByRole('heading', { level: 2, name: 'Apps', exact: true })).toBeVisible();
    await expect(page.getByTestId('project-card').getByRole('heading')).toHaveText(APPS);
    await expect(page.getByTestId('app-title')).toHaveText('Apps Manager');
    await expect(page.locator('.portal-boot')).toBeHidden();
  });

  test("/taberna shows the shop's latest products, and a product page its picture, name, price and reviews", async ({ page }) => {
    // The latest products as the API lists them (other specs add products, some without pictures).
    const latest = (await (await page.request.get('/taberna-store/api/v1/latest-products/')).json()) as { name: string }[];
    expect(latest.length).toBeGreaterThan(0);
    await page.goto('/taberna');
    await expect(page.getByTestId('layout-mainTaberna')).toBeVisible();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    const cards = await page.getByTestId('product-card').allInnerTexts();
    expect(latest.some((product) => cards.some((card) => card.includes(product.name)))).toBe(true);
    await page.goto(PRODUCT);
    await expect(page.getByTestId('gallery-main')).toHaveJSProperty('complete', true);
    expect(await page.getByTestId('gallery-main').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('product-name')).toHaveText('Organic Cotton T-Shirt');
    await expect(page.getByText('$19.99').first()).toBeVisible();
    await expect(page.getByTestId('reviews')).toContainText('My favourite tee');
    await expect(page.locator('.portal-boot')).toBeHidden();
  });
});

test('/ hydrates the server’s HTML with no error, then works: search, theme, navigation', async ({ page }) => {
  const errors = collectErrors(page);
  await watchFrames(page);
  const response = await page.goto('/');
  expect(await response!.text()).toContain('<div id="root" data-ssr>');
  await expect(page).toHaveTitle('Home | Apps Manager');
  await expect(page.getByTestId('project-card').getByRole('heading')).toHaveText(APPS);
  await hydrated(page);
  // Hydrated: on a wide window the phone-only menu button leaves once React owns the page ...
  await expect(page.getByTestId('menu-button')).toHaveCount(0);
  // ... and the server's own <h1> element is the one on the page (a fresh render would replace it).
  expect(
    await page.evaluate(
      () => document.querySelector('h1') === (window as unknown as { __serverHeading: Element }).__serverHeading,
    ),
  ).toBe(true);
  // The first frame painted already showed the server's page, never the spinner.
  const frames = await framesOf(page);
  expect(frames.find((frame) => frame.server || frame.spinner)).toEqual({ server: true, spinner: false });
  await expect(page.getByTestId('link-cv')).toHaveAttribute('href', 'https://cv.example.com/portal-team');
  await expectAccessible(page);

  const toggle = page.getByTestId('theme-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-mode', 'dark');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-mode', 'light');

  const search = page.getByLabel('Search the portal');
  await search.fill('chat');
  await search.press('Enter');
  await expect(page).toHaveURL('/apps_manager/search?query=chat');
  await expect(page.getByTestId('project-card').getByRole('heading')).toHaveText(['Social Network', 'AI Lab']);
  await page.goBack();
  await expect(page).toHaveURL('/');
  await page.getByTestId('project-card').first().getByRole('link', { name: 'Open Taberna E-com' }).click();
  await expect(page).toHaveURL('/taberna');
  await expect(page.getByTestId('layout-mainTaberna')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a product page hydrates the server’s HTML, then a guest adds to the cart; the shop then renders their cart in the browser', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const response = await page.goto(PRODUCT);
  expect(await response!.text()).toContain('<div id="root" data-ssr>');
  const serverName = await page.getByTestId('product-name').elementHandle();
  await hydrated(page);
  await expect(page).toHaveTitle('Organic Cotton T-Shirt | Taberna E-com');
  // The server's heading is still the one on the page: hydrated, not rendered anew.
  expect(await serverName!.evaluate((node) => node.isConnected)).toBe(true);
  await expectAccessible(page);
  await addVariant(page, 'Blue', 'M');
  await expect(page.getByTestId('cart-link')).toContainText('Cart (1)');
  // A guest with a cart differs from the server's view (its top bar counts the cart): never hydrated.
  const again = await page.goto('/taberna');
  expect(await again!.text()).toContain('<div id="root" data-ssr>');
  await hydrated(page);
  await expect(page.getByTestId('cart-link')).toContainText('Cart (1)');
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-portal-render'))).toBe('client');
  expect(errors).toEqual([]);
});

test('text typed into the search box before the scripts arrive is what the search looks for', async ({ page }) => {
  // The scripts are held back until the visitor has typed: the form is the server's until then.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Search the portal').fill('chat');
  release();
  await hydrated(page);
  await page.getByLabel('Search the portal').press('Enter');
  await expect(page).toHaveURL('/apps_manager/search?query=chat');
  await expect(page.getByTestId('project-card').getByRole('heading')).toHaveText(['Social Network', 'AI Lab']);
});

test('on a phone the hydrated pages keep the menu button, open the drawer, and hydrate the shop without a mismatch', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const response = await page.goto('/');
  expect(await response!.text()).toContain('<div id="root" data-ssr>');
  await expect(page.getByTestId('project-card')).toHaveCount(4);
  await hydrated(page);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('mobile-drawer').getByRole('link', { name: 'Home' })).toBeVisible();
  // The shop's pages too: the server's top bar holds the cart's button for every width; hydrated, the phone's icon only.
  for (const path of ['/taberna', PRODUCT]) {
    const shop = await page.goto(path);
    expect(await shop!.text()).toContain('<div id="root" data-ssr>');
    await hydrated(page);
    await expect(page.getByTestId('cart-link')).toHaveCount(1);
    await expect(page.getByTestId('cart-link')).toHaveAccessibleName('Cart (0)');
    await expect(page.getByTestId('cart-link')).toBeVisible();
  }
  expect(errors).toEqual([]);
  await context.close();
});

// 'system dark': a visitor who never chose, whose operating system asks for dark (issue 26).
for (const who of ['logged in', 'dark theme', 'system dark'] as const) {
  test(`a ${who} visitor sees the spinner, then their own view: never the server’s anonymous light HTML`, async ({
    browser,
    request,
  }) => {
    const session =
      who === 'logged in'
        ? await loggedInPage(browser, request, ALICE)
        : await (async () => {
            const context = await browser.newContext(who === 'system dark' ? { colorScheme: 'dark' } : {});
            if (who === 'dark theme') await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
            return { page: await context.newPage(), close: () => context.close() };
          })();
    const { page } = session;
    await watchFrames(page);
    const response = await page.goto('/');
    expect(await response!.text()).toContain('<div id="root" data-ssr>');
    // The server's cards are in the DOM from the start, hidden: wait for the app's own, shown.
    await hydrated(page);
    await expect(page.getByTestId('project-card')).toHaveCount(4);
    await expect(page.getByTestId('project-card').first()).toBeVisible();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', who === 'logged in' ? 'light' : 'dark');
    const frames = await framesOf(page);
    expect(frames.some((frame) => frame.server)).toBe(false);
    // Rendered in the browser: the page's <h1> is not the server's.
    expect(
      await page.evaluate(
        () => document.querySelector('h1') !== (window as unknown as { __serverHeading?: Element }).__serverHeading,
      ),
    ).toBe(true);
    if (who === 'logged in') {
      // Her login stays (rendering in the browser did not drop it).
      expect(await page.evaluate(() => localStorage.getItem('access'))).not.toBeNull();
    }
    await expectAccessible(page);
    await session.close();
  });
}

// Issue 12: the social network's home (a visitor's view) and the AI lab's Funny Chat are rendered on
// the server too, and hydrated the same way.

/** Console errors and failed CSP checks (Chromium reports a refused inline style or script as a console error). */

/** Whether the page's <h1> is the element the server sent (hydration adopted it) rather than a fresh one. */
const sameHeading = (page: Page) =>
  page.evaluate(() => document.querySelector('h1') === (window as unknown as { __serverHeading?: Element }).__serverHeading);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/social/home shows the public posts, the trends and the visitor’s links from the server', async ({ page }) => {
    await page.goto('/social/home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Latest posts');
    await expect(page.getByTestId('app-title')).toHaveText('Social Network');
    await expect(page.getByRole('heading', { name: 'Join the conversation' })).toBeVisible();
    await expect(page.getByTestId('post-card')).toHaveCount(10);
    await expect(page.getByTestId('post-card').first().getByTestId('post-body')).not.toBeEmpty();
    await expect(page.getByTestId('trends').getByRole('link')).toHaveCount(10);
    await expect(page.getByTestId('nav-login')).toBeVisible();
    await expect(page.locator('.portal-boot')).toBeHidden();
  });

  test('/ai-lab shows Funny Chat, its engine badge, the question box and the lab menu from the server', async ({ page }) => {
    await page.goto('/ai-lab');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Funny Chat');
    await expect(page.getByTestId('app-title')).toHaveText('AI Lab');
    await expect(page.getByTestId('engine-notice')).toHaveAttribute('data-engine', 'local');
    await expect(page.getByRole('textbox', { name: 'Your question' })).toBeVisible();
    await expect(page.getByTestId('side-drawer').getByRole('link', { name: 'Image Generator' })).toBeVisible();
    await expect(page.locator('.portal-boot')).toBeHidden();
  });
});

test('/social/home hydrates the server’s HTML with no error, then works: more posts, a like asks for a login', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await watchFrames(page);
  const response = await page.goto('/social/home');
  expect(await response!.text()).toContain('<div id="root" data-ssr>');
  await expect(page).toHaveTitle('Home | Social Network');
  await expect(page.getByTestId('post-card')).toHaveCount(10);
  await hydrated(page);
  // The wide window's links stay, the phone's menu button leaves; the server's <h1> is the one shown.
  await expect(page.getByTestId('menu-button')).toHaveCount(0);
  await expect(page.getByTestId('nav-signup')).toBeVisible();
  expect(await sameHeading(page)).toBe(true);
  const frames = await framesOf(page);
  expect(frames.find((frame) => frame.server || frame.spinner)).toEqual({ server: true, spinner: false });
  await expectAccessible(page);

  // The feed goes on where the server's first page ended (its end in view loads the next page).
  await page.getByTestId('load-more').scrollIntoViewIfNeeded();
  await expect.poll(() => page.getByTestId('post-card').count()).toBeGreaterThanOrEqual(20);
  await page.getByTestId('post-card').first().getByTestId('post-like').click();
  await expect(page.getByText('You must be logged in!')).toBeVisible();
  await page.getByTestId('trends').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/social\/trends\//);
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('/ai-lab hydrates the server’s HTML with no error, then works: the history beside it, a question answered', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await watchFrames(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const response = await page.goto('/ai-lab');
  expect(await response!.text()).toContain('<div id="root" data-ssr>');
  await expect(page).toHaveTitle('Funny Chat | AI Lab');
  await hydrated(page);
  // Wide: the side drawer with its collapse button, the history beside the chat, no History button.
  await expect(page.getByTestId('menu-button')).toHaveCount(1);
  await expect(page.getByTestId('menu-button')).toHaveAccessibleName('Collapse navigation');
  await expect(page.getByTestId('side-drawer').getByRole('link', { name: 'Image Generator' })).toBeVisible();
  await expect(page.getByTestId('conversation-history')).toContainText('Kept in this browser only.');
  await expect(page.getByTestId('open-history')).toHaveCount(0);
  expect(await sameHeading(page)).toBe(true);
  const frames = await framesOf(page);
  expect(frames.find((frame) => frame.server || frame.spinner)).toEqual({ server: true, spinner: false });
  await expectAccessible(page);

  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill('Tell me a joke about cats');
  await box.press('Enter');
  await expect(page.getByTestId('chat-answer').last()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('conversation-history').getByTestId('history-item')).toHaveText(['Tell me a joke about cats']);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-drawer').locator('.MuiDrawer-paper')).toHaveCSS('width', '56px');
  expect(errors).toEqual([]);
});

test('on a phone both hydrated pages keep their menu button and open the drawer; the chat’s history opens', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = collectErrors(page);

  let response = await page.goto('/social/home');
  expect(await response!.text()).toContain('<div id="root" data-ssr>');
  await expect(page.getByTestId('post-card')).toHaveCount(10);
  await hydrated(page);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('mobile-drawer').getByRole('link', { name: 'Login' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('mobile-drawer')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  response = await page.goto('/ai-lab');
  expect(await response!.text()).toContain('<div id="root" data-ssr>');
  await hydrated(page);
  await expect(page.getByTestId('side-drawer')).toHaveCount(0);
  await page.getByTestId('open-history').click();
  await expect(page.getByTestId('conversation-history')).toContainText('No conversations yet.');
  await page.keyboard.press('Escape');
  await page.getByTestId('menu-button').click();
  await page.getByTestId('mobile-drawer').getByRole('link', { name: 'Voice Generator' }).click();
  await expect(page).toHaveTitle('Voice Generator | AI Lab');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
  await context.close();
});

test('a logged-in visitor of /social/home sees her own feed, rendered in the browser, never the visitor’s view', async ({
  browser,
  request,
}) => {
  const { page, close } = await loggedInPage(browser, request, ALICE);
  await watchFrames(page);
  const response = await page.goto('/social/home');
  expect(await response!.text()).toContain('<div id="root" data-ssr>');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your feed');
  await expect(page.getByTestId('nav-avatar')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join the conversation' })).toHaveCount(0);
  expect((await framesOf(page)).some((frame) => frame.server)).toBe(false);
  await expectAccessible(page);
  await close();
});
