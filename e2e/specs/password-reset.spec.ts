import { expect, test } from '@playwright/test';
import { expectAccessible, expectAccessibleInBothThemes, expectTheme } from '../support/axe';
import { activationLinkFor, emailTo } from '../support/outbox';
import { activatedAccount, newPerson, register } from '../support/people';
import { SERVERS } from '../support/servers';

// Issue 14.2: "Forgot password?" on both login pages, through the outbox email, at desktop and
// phone width; and the login of an account not activated yet says so and sends the link again.
// Issue 26, axe in both themes: the reset pages (one set of forms, shared by both apps) are checked
// light and dark (the operating system's preference): the social network's light at desktop width
// and dark at phone width, the shop's dark at desktop width; the activation page, light and dark.
// At phone width only the social network's reset runs: the forms and the flow are the shop's too
// (shared components and endpoints), and the shop's pages at phone width are covered by its specs.

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const APPS = [
  { app: 'social', register: '/api/social-profiles/register/', home: '/social/home' },
  { app: 'taberna', register: '/taberna-profiles/api/register/', home: '/taberna' },
] as const;

for (const [v, viewport] of VIEWPORTS.entries()) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const [a, { app, register, home }] of APPS.entries()) {
      const theme = (a + v) % 2 === 0 ? 'light' : 'dark';
      if (v > 0 && app !== 'social') continue;
      test(`${app}: forgot password → email → new password → logged out everywhere → log in with it (${theme} theme)`, async ({
        page,
        request,
      }) => {
        await page.emulateMedia({ colorScheme: theme });
        const person = await activatedAccount(request, register);
        // Another browser is logged in: the reset ends its session too.
        const other = await request.post('/api/v1/token/', { data: { email: person.email, password: person.password } });
        const { refresh } = (await other.json()) as { refresh: string };

        await page.goto(`/${app}/login`);
        await page.getByRole('link', { name: 'Forgot password?' }).click();
        await expect(page).toHaveURL(`/${app}/forgot-password`);
        await expect(page).toHaveTitle(/^Forgot password \| /);
        await expectTheme(page, theme);
        await expectAccessible(page);
        await page.getByLabel('Email').fill(person.email);
        await page.getByTestId('reset-request-submit').click();
        await expect(page.getByTestId('reset-requested')).toContainText(person.email);

        const email = await emailTo(SERVERS.main.dataDir, person.email, 'Reset your password');
        expect(email).toContain('Content-Type: text/html');
        const link = new RegExp(`https?://\\S+/${app}/reset-password/\\S+`).exec(email)![0];
        await page.goto(new URL(link).pathname);
        await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
        await expectTheme(page, theme);
        await expectAccessible(page);

        // The rules of sign-up apply, under the field; a mistyped repeat is caught.
        await page.getByLabel('New password', { exact: true }).fill('password123');
        await page.getByLabel('Repeat the new password').fill('password123');
        await page.getByTestId('reset-submit').click();
        await expect(page.getByText('This password is too common.')).toBeVisible();
        await page.getByLabel('New password', { exact: true }).fill('saffron-bridge-4417');
        await page.getByLabel('Repeat the new password').fill('saffron-bridge-4418');
        await page.getByTestId('reset-submit').click();
        await expect(page.getByText('The two password fields didn’t match.')).toBeVisible();
        await page.getByLabel('Repeat the new password').fill('saffron-bridge-4417');
        await page.getByTestId('reset-submit').click();
        await expect(page.getByTestId('reset-done')).toBeVisible();
        await expectAccessible(page);

        expect((await request.post('/api/v1/token/refresh/', { data: { refresh } })).status()).toBe(401);

        // The link is spent.
        await page.goto(new URL(link).pathname);
        await page.getByLabel('New password', { exact: true }).fill('another-bridge-9921');
        await page.getByLabel('Repeat the new password').fill('another-bridge-9921');
        await page.getByTestId('reset-submit').click();
        await expect(page.getByTestId('reset-dead-link')).toBeVisible();

        await page.goto(`/${app}/login`);
        await page.getByLabel('Email').fill(person.email);
        await page.getByLabel('Password', { exact: true }).fill('saffron-bridge-4417');
        await page.getByTestId('login-submit').click();
        await expect(page).toHaveURL(home);
      });
    }

    // At desktop width only: the login form and the activation page are one component each, at any width.
    if (v === 0)
      test('an account not activated yet is told so at login, can have the link sent again, and activates with it', async ({
        page,
        request,
      }) => {
        const person = newPerson();
        expect((await register(request, '/taberna-profiles/api/register/', person)).status()).toBe(201);
        await page.goto('/taberna/login');
        await page.getByLabel('Email').fill(person.email);
        await page.getByLabel('Password', { exact: true }).fill(person.password);
        await page.getByTestId('login-submit').click();
        await expect(page.getByTestId('login-inactive')).toContainText('not activated yet');
        await expectAccessible(page);
        await page.getByTestId('login-resend-activation').click();
        await expect(page.getByTestId('login-inactive')).toContainText(`A new activation link is on its way to ${person.email}`);

        // A wrong password still reads as one: nothing about the account shows.
        await page.getByLabel('Password', { exact: true }).fill('not-the-password-7');
        await page.getByTestId('login-submit').click();
        await expect(page.getByTestId('login-inactive')).toBeHidden();
        await expect(page.getByTestId('alert')).toContainText('No active account found');

        // The link of the email activates the account; a link with a wrong token says it is invalid.
        const link = new URL(await activationLinkFor(SERVERS.main.dataDir, person.email));
        await page.goto(link.pathname);
        await expect(page.getByTestId('activation-result')).toHaveAttribute('data-status', 'activated');
        await expectAccessibleInBothThemes(page);
        await page.goto(link.pathname.replace(/[^/]+\/$/, 'not-the-token/'));
        await expect(page.getByTestId('activation-result')).toHaveAttribute('data-status', 'invalid');
        await expect(page.getByText('Invalid activation link. Try again')).toBeVisible();
        await expectAccessibleInBothThemes(page);
      });
  });
}
