import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext, type Route } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { BACKOFFICE_PAGES, bearer, loggedInPage, STAFF, suspendAccount, tokensOf } from '../support/backoffice';
import { DEMO, newPerson, register } from '../support/people';
import { activatedPerson, notificationsLive } from '../support/social';

// Live updates across three browsers on a shared machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** A text post written through the API; answers its id. */
async function postOf(request: APIRequestContext, person: { email: string; password: string }, body: string) {
  const tokens = await tokensOf(request, person);
  const answer = await request.post('/api/social-posts/create/', { headers: bearer(tokens), multipart: { body } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { id: string }).id;
}

test('three reports hide a post; staff restore it, suspend its author (cut off at once, told why) and reinstate them', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString('hex');
  const author = await activatedPerson(request);
  const reporters = [await activatedPerson(request), await activatedPerson(request), await activatedPerson(request)];
  const postId = await postOf(request, author, `Cheap watches, click here ${tag}`);
  // Two report through the API, the third from the post's page, saying why.
  for (const reporter of reporters.slice(0, 2)) {
    const tokens = await tokensOf(request, reporter);
    const reported = await request.post(`/api/social-posts/${postId}/report/`, {
      headers: bearer(tokens),
      data: { reason: 'Spam' },
    });
    expect(reported.status(), await reported.text()).toBe(200);
  }
  const third = await loggedInPage(browser, request, reporters[2]!);
  await third.page.goto(`/social/${postId}`);
  await third.page.getByTestId('post-menu').first().click();
  await third.page.getByTestId('post-report').click();
  await third.page.getByTestId('report-reason').fill(`Scam links ${tag}`);
  await third.page.getByTestId('report-send').click();
  await expect(third.page.getByText('The post was reported')).toBeVisible();
  await third.close();

  // The author has the social network open, its live socket listening (logged in with tokens: the
  // login page this test needs is the one that refuses them, below).
  const authorSession = await loggedInPage(browser, request, author);
  const { page: authorPage, tokens: authorTokens } = authorSession;
  const live = notificationsLive(authorPage);
  let socketClosed = false;
  authorPage.on('websocket', (socket) => socket.on('close', () => (socketClosed = true)));
  await authorPage.goto('/social/home');
  // The notification socket opens for a logged-in person only.
  await live;

  const staff = await loggedInPage(browser, request, STAFF);
  const { page } = staff;
  await page.goto(`/backoffice/moderation?search=${tag}`);
  const row = page.getByTestId('reports-grid').getByRole('row').filter({ hasText: tag });
  await expect(row.getByTestId('report-state')).toHaveText('Auto-hidden');
  await expect(row.getByRole('gridcell', { name: '3', exact: true })).toBeVisible();
  await expect(row.getByTestId('report-reasons')).toContainText(`Scam links ${tag}`);
  await expectAccessible(page);
  await row.getByTestId('report-restore').click();
  await expect(row.getByTestId('report-state')).toHaveText('Restored');
  expect((await request.get(`/api/social-posts/${postId}/`)).status()).toBe(200);

  // Suspend the author: their tokens and socket stop at once; they are told why.
  const reason = `Spam links ${tag}`;
  await row.getByTestId('report-suspend').click();
  const dialog = page.getByTestId('suspend-dialog');
  await dialog.getByTestId('suspend-reason').fill(reason);
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Suspended')).toBeVisible();

  const refused = await request.get('/api/social-profiles/me/', { headers: bearer(authorTokens) });
  expect([401, 403]).toContain(refused.status());
  expect(await refused.text()).toContain(reason);
  await expect.poll(() => socketClosed).toBe(true);
  // Logging in again is refused with the reason, on the page.
  await authorPage.goto('/social/login');
  await authorPage.getByLabel('Email').fill(author.email);
  await authorPage.getByLabel('Password', { exact: true }).fill(author.password);
  await authorPage.getByTestId('login-submit').click();
  await expect(authorPage.getByText(reason).first()).toBeVisible();
  await expect(authorPage).toHaveURL(/\/social\/login/);

  // Reinstated from the accounts page: they can log in again.
  await page.goto(`/backoffice/accounts?search=${encodeURIComponent(author.email)}`);
  const account = page.getByTestId('accounts-grid').getByRole('row').filter({ hasText: author.email });
  await expect(account.getByTestId('account-suspended')).toBeVisible();
  await expectAccessible(page);
  await account.getByTestId('account-reinstate').click();
  await expect(account.getByTestId('account-suspend')).toBeVisible();
  expect((await request.post('/api/v1/token/', { data: { email: author.email, password: author.password } })).status()).toBe(200);

  await page.goto(`/backoffice/audit?search=${encodeURIComponent(author.email)}`);
  const audit = page.getByTestId('audit-grid');
  await expect(audit.getByText('account.suspend')).toBeVisible();
  await expect(audit.getByText('account.reinstate')).toBeVisible();
  await staff.close();
  await authorSession.close();
});

test("a row's button works while the list reloads: the loading bar over the rows does not take the click", async ({
  browser,
  request,
}) => {
  // Two people one search finds, the first of them suspended.
  const tag = randomBytes(3).toString('hex');
  const people = [0, 1].map(() => ({ ...newPerson(), last: `Reload${tag}` }));
  for (const person of people) expect((await register(request, '/api/social-profiles/register/', person)).status()).toBe(201);
  const staff = await loggedInPage(browser, request, STAFF);
  await suspendAccount(request, staff.tokens, people[0]!.email, `Held ${tag}`);

  const { page } = staff;
  await page.goto(`/backoffice/accounts?search=Reload${tag}`);
  const grid = page.getByTestId('accounts-grid');
  const rowOf = (person: { email: string }) => grid.getByRole('row').filter({ hasText: person.email });
  await expect(rowOf(people[1]!).getByTestId('account-suspend')).toBeVisible();

  // Reinstating the first reloads the list; the reload is held, its bar over the rows.
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/api\/backoffice\/accounts\/\?/, (route) =>
    holding && route.request().method() === 'GET' ? void held.push(route) : route.continue(),
  );
  await rowOf(people[0]!).getByTestId('account-reinstate').click();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(grid.getByRole('progressbar')).toBeVisible();
  // A click meanwhile reaches the second row's button (before, the overlay took it and nothing happened).
  await rowOf(people[1]!).getByTestId('account-suspend').click({ timeout: 5_000 });
  const dialog = page.getByTestId('suspend-dialog');
  await expect(dialog).toContainText(`Suspend ${people[1]!.email}?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  holding = false;
  for (const route of held) await route.continue();
  await expect(rowOf(people[0]!).getByTestId('account-suspend')).toBeVisible();
  await expect(grid.getByRole('progressbar')).toHaveCount(0);
  await staff.close();
});

test('someone without a role gets the not-allowed page and no menu entry; the API refuses them', async ({ browser, request }) => {
  const alice = await loggedInPage(browser, request, DEMO);
  await alice.page.goto('/backoffice/orders');
  await expect(alice.page.getByTestId('not-allowed')).toContainText('You are not allowed here');
  await expect(alice.page.getByTestId('bo-nav-orders')).toHaveCount(0);
  await expectAccessible(alice.page);
  await alice.page.goto('/taberna');
  await expect(alice.page.getByTestId('product-card').first()).toBeVisible();
  await expect(alice.page.getByTestId('nav-backoffice')).toHaveCount(0);
  expect((await request.get('/api/backoffice/orders/', { headers: bearer(alice.tokens) })).status()).toBe(403);
  expect((await request.get('/api/backoffice/orders/')).status()).toBe(401);
  await alice.close();

  const staff = await loggedInPage(browser, request, STAFF);
  await staff.page.goto('/taberna');
  await staff.page.getByTestId('nav-backoffice').click();
  await expect(staff.page).toHaveURL('/backoffice');
  await expect(staff.page.getByTestId('figure-orders-to-ship')).toBeVisible();
  await staff.close();
});

const VIEWS = [
  { name: 'desktop, light', viewport: { width: 1440, height: 900 }, theme: 'light' as const },
  { name: 'phone, dark', viewport: { width: 390, height: 844 }, theme: 'dark' as const },
];

for (const view of VIEWS) {
  test(`every back-office page passes axe (${view.name})`, async ({ browser, request }) => {
    // Nine pages, each through axe (4-20 s a page on this machine): two minutes was too tight.
    test.setTimeout(240_000);
    const staff = await loggedInPage(browser, request, STAFF, view);
    // The grid's and the charts' own <style> elements carry the CSP nonce: nothing is refused.
    const violations: string[] = [];
    staff.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    for (const [path, heading] of BACKOFFICE_PAGES) {
      await staff.page.goto(path);
      await expect(staff.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Lists and figures loaded (no loading overlay or skeleton left).
      await expect(staff.page.locator('.MuiDataGrid-overlayWrapper .MuiLinearProgress-root, .MuiSkeleton-root')).toHaveCount(0);
      await expectAccessible(staff.page);
    }
    expect(violations).toEqual([]);
    await staff.close();
  });
}
