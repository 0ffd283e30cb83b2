import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { activatedPerson, signedInSession, signIn, unreadCount, writePost } from '../support/social';
import { newShopCustomer } from '../support/taberna';

// These flows chain many live updates across two or three browsers: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const word = () => `w${randomBytes(4).toString('hex')}`;
/**
 * The likes and notifications flow and the chat run at both widths (the top bar's badge is an icon on
 * a phone, the chat shows the list or a conversation); the others at desktop width only: what they
 * prove (the undo window, where a login lands, search and privacy) does not depend on the width, and
 * their phone layouts (the post card and its menu, the drawer's Logout) are covered by the flows here
 * and by one-sign-in.spec.ts.
 */
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, all: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, all: false },
];

for (const { name, viewport, all } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    /** Logout sits in the top bar, or in the drawer on a phone; it ends on the app's login page. */
    async function logOut(page: Page) {
      if (viewport.width < 960) {
        await page.getByTestId('menu-button').click();
        await page.getByTestId('mobile-drawer').getByRole('button', { name: 'Logout' }).click();
      } else {
        await page.getByTestId('nav-logout').click();
      }
      await expect(page).toHaveURL(/\/login$/);
    }

    test('a like is yours (pressed) and a second press takes it back; the author is told which post, once', async ({
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const [author, fan] = [await activatedPerson(request), await activatedPerson(request)];
      const a = await signedInSession(browser, request, author, viewport);
      const b = await signedInSession(browser, request, fan, viewport);
      const tag = word();
      const postId = await writePost(a.page, `Sunset over the harbour tonight, so calm #${tag}`, { picture: true });
      const own = a.page.locator(`[data-post-id="${postId}"]`);
      // A new post says "just now", and its small picture keeps its own size (96 px wide).
      await expect(own).toContainText('just now');
      await expect(own).not.toContainText('0 minutes');
      const picture = own.getByTestId('post-images').locator('img');
      await expect(picture).toBeVisible();
      expect((await picture.boundingBox())!.width).toBeLessThanOrEqual(96.5);

      // A likes their own post and takes it back: nobody is notified of their own action.
      const ownLike = own.getByTestId('post-like');
      await expect(ownLike).toHaveAttribute('aria-pressed', 'false');
      await ownLike.click();
      await expect(ownLike).toHaveAttribute('aria-pressed', 'true');
      await expect(ownLike).toHaveText('1');
      await ownLike.click();
      await expect(ownLike).toHaveAttribute('aria-pressed', 'false');
      await expect(ownLike).toHaveText('0');

      // B likes it on the trend page; the pressed state survives a reload; a second press unlikes, a third likes again.
      await b.page.goto(`/social/trends/${tag}`);
      const card = b.page.locator(`[data-post-id="${postId}"]`);
      const like = card.getByTestId('post-like');
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(like).toHaveText('1');
      await b.page.reload();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expectAccessible(b.page);
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      await expect(like).toHaveText('0');
      await like.click();
      await expect(like).toHaveText('1');

      // The picture opens in a viewer from the keyboard; Escape closes it.
      await card.getByRole('button', { name: 'Open picture 1 of 1' }).focus();
      await b.page.keyboard.press('Enter');
      await expect(b.page.getByTestId('image-viewer').getByRole('img')).toBeVisible();
      await expectAccessible(b.page);
      await b.page.keyboard.press('Escape');
      await expect(b.page.getByTestId('image-viewer')).toBeHidden();

      // B comments: Shift+Enter adds a line, Enter sends.
      await card.getByTestId('post-comments').click();
      const input = b.page.getByTestId('comment-input');
      await input.fill('Beautiful');
      await input.press('Shift+Enter');
      await input.pressSequentially('light');
      await input.press('Enter');
      await expect(b.page.getByTestId('comment')).toContainText('Beautiful');
      await expect(input).toHaveValue('');
      await expect(b.page.getByTestId('post-comments')).toHaveText('1');

      // A hears of one like (not three) and the comment, each naming the post; opening the page clears the badge.
      await a.page.goto('/social/home');
      await expect(a.page.getByTestId('nav-notifications')).toHaveAccessibleName('Notifications (2)');
      await a.page.getByTestId('nav-notifications').click();
      const who = `${fan.first} ${fan.last}`;
      await expect(a.page.getByTestId('notification')).toHaveText([
        `${who} commented on your post “Sunset over the harbour tonight, so…”`,
        `${who} liked your post “Sunset over the harbour tonight, so…”`,
      ]);
      await expect(a.page.getByTestId('nav-notifications')).toHaveAccessibleName('Notifications (0)');
      await expectAccessible(a.page);
      await a.page.reload();
      await expect(a.page.getByTestId('notification')).toHaveCount(2);
      await expect(a.page.getByTestId('nav-notifications')).toHaveAccessibleName('Notifications (0)');
      await a.page.getByTestId('notifications-read-all').click();
      await expect(a.page.getByText('You are all caught up')).toBeVisible();
      await a.page.reload();
      await expect(a.page.getByText('You are all caught up')).toBeVisible();
      await a.context.close();
      await b.context.close();
    });

    if (all)
      test('deleting a post asks first, can be undone for five seconds, then is gone for good', async ({ browser, request }) => {
        const author = await activatedPerson(request);
        const a = await signedInSession(browser, request, author, viewport);
        const postId = await writePost(a.page, `Second thoughts ${word()}`, { picture: true });
        const src = await a.page
          .locator(`[data-post-id="${postId}"]`)
          .getByTestId('post-images')
          .locator('img')
          .getAttribute('src');
        const card = a.page.locator(`[data-post-id="${postId}"]`);

        // Cancel keeps it.
        await card.getByTestId('post-menu').click();
        await a.page.getByTestId('post-delete').click();
        await expect(a.page.getByTestId('confirm-delete')).toBeVisible();
        await expectAccessible(a.page);
        await a.page.getByRole('button', { name: 'Cancel' }).click();
        await expect(card).toBeVisible();

        // Delete, then Undo: it comes back, also after a reload (the server never deleted it).
        const deleteCard = async () => {
          await card.getByTestId('post-menu').click();
          await a.page.getByTestId('post-delete').click();
          await a.page.getByTestId('confirm-delete-button').click();
          await expect(card).toHaveCount(0);
          await expect(a.page.getByTestId('undo-delete')).toContainText('Post deleted');
        };
        await deleteCard();
        // Undo at once: an axe scan here could outlast the five seconds on a busy machine.
        await a.page.getByTestId('undo-delete-button').click();
        await expect(card).toBeVisible();
        await a.page.reload();
        await expect(card).toBeVisible();

        // Delete and let the window pass: gone from the server, picture included.
        await deleteCard();
        await expectAccessible(a.page);
        await expect(a.page.getByTestId('undo-delete')).toBeHidden({ timeout: 15_000 });
        await expect.poll(async () => (await request.get(new URL(src!).pathname)).status(), { timeout: 15_000 }).toBe(404);
        // Someone without friends starts on "Everyone": their own feed is the Following tab.
        await a.page.goto('/social/home?feed=following');
        await expect(a.page.getByText('Your feed is empty')).toBeVisible();
        await a.context.close();
      });

    test('chat: the open chat adds nothing to the badge; other chats show live previews and unread counts', async ({
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const [reader, writer, other] = [
        await activatedPerson(request),
        await activatedPerson(request),
        await activatedPerson(request),
      ];
      const b = await signedInSession(browser, request, reader, viewport);
      const a = await signedInSession(browser, request, writer, viewport);
      const c = await signedInSession(browser, request, other, viewport);
      for (const [session, slug] of [
        [a, b.slug],
        [c, b.slug],
      ] as const) {
        await session.page.goto(`/social/profile/${slug}`);
        await session.page.getByTestId('send-message-profile').click();
        await expect(session.page).toHaveURL(/\/social\/chat\/[0-9a-f-]{36}$/);
      }
      // A's conversation is the newest: B opens it.
      await a.page.getByTestId('message-input').fill('First!');
      await a.page.getByTestId('message-input').press('Enter');
      await b.page.goto('/social/chat');
      await b.page
        .getByTestId('conversation')
        .filter({ hasText: `${writer.first} ${writer.last}` })
        .click();
      await expect(b.page.getByTestId('chat-with')).toHaveText(`${writer.first} ${writer.last}`);
      await expect(b.page.getByTestId('chat-message').filter({ hasText: 'First!' })).toBeVisible();
      await expect.poll(() => unreadCount(b.page)).toBe(0);

      // A writes while B reads: it appears, and the badge stays at 0 (checked after a round trip through C's message).
      await a.page.getByTestId('message-input').fill('Are you reading this?');
      await a.page.getByTestId('message-input').press('Enter');
      await expect(b.page.getByTestId('chat-message').filter({ hasText: 'Are you reading this?' })).toBeVisible();

      // C writes: B's badge rises by one, and C's conversation shows the preview and 1 unread, live.
      const fromC = `Hello from C ${word()}`;
      await c.page.getByTestId('message-input').fill(fromC);
      await c.page.getByTestId('message-input').press('Enter');
      await expect.poll(() => unreadCount(b.page)).toBe(1);
      if (viewport.width < 960) await b.page.goto('/social/chat');
      const withC = b.page.getByTestId('conversation').filter({ hasText: `${other.first} ${other.last}` });
      await expect(withC).toContainText(fromC);
      await expect(withC.getByTestId('conversation-unread')).toHaveText('1');
      await expect(withC).toContainText('1 unread');
      await expectAccessible(b.page);

      // Opening C's chat reads it: its count and the badge go back to 0.
      await withC.click();
      await expect(b.page.getByTestId('chat-with')).toHaveText(`${other.first} ${other.last}`);
      await expect.poll(() => unreadCount(b.page)).toBe(0);
      await a.context.close();
      await b.context.close();
      await c.context.close();
    });

    if (all)
      test('after logging in from a guarded page you land back on it, in the social network and the shop', async ({
        page,
        request,
      }) => {
        const person = await activatedPerson(request);
        await page.goto('/social/chat');
        await expect(page).toHaveURL('/social/login?redirect=%2Fsocial%2Fchat&message=auth');
        await page.getByLabel('Email').fill(person.email);
        await page.getByLabel('Password', { exact: true }).fill(person.password);
        await page.getByTestId('login-submit').click();
        await expect(page).toHaveURL('/social/chat');
        await expect(page.getByTestId('layout-mainSocial')).toBeVisible();

        // Another host or app is never a target: the feed instead.
        await logOut(page);
        await page.goto('/social/login?redirect=%2F%2Fevil.example%2Fx');
        await page.getByLabel('Email').fill(person.email);
        await page.getByLabel('Password', { exact: true }).fill(person.password);
        await page.getByTestId('login-submit').click();
        await expect(page).toHaveURL('/social/home');

        // The shop does the same.
        await logOut(page);
        const customer = await newShopCustomer(request);
        await page.goto('/taberna/dashboard');
        await expect(page).toHaveURL('/taberna/login?redirect=%2Ftaberna%2Fdashboard&message=auth');
        await page.getByLabel('Email').fill(customer.email);
        await page.getByLabel('Password', { exact: true }).fill(customer.password);
        await page.getByTestId('login-submit').click();
        await expect(page).toHaveURL('/taberna/dashboard');
      });

    if (all)
      test('people and post search forgive a typo, and private posts stay private', async ({ page, request }) => {
        test.setTimeout(180_000);
        await page.goto('/social/search?query=Lindqvst');
        await expect(page.getByTestId('person-card').filter({ hasText: 'Greta Lindqvist' })).toBeVisible();
        await expectAccessible(page);

        const author = await activatedPerson(request);
        // Letters only: the typo dictionary keeps a word's letters ("zebrafish3f" would be "zebrafish").
        const secret = `zebrafish${Array.from(randomBytes(4), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
        await signIn(page, request, author);
        const open = await writePost(page, `Feeding the ${secret} in the pond`);
        const hidden = await writePost(page, `Private ${secret} diary`, { private: true });
        const typo = secret.replace('zebra', 'zerba');
        await page.goto(`/social/search?query=${typo}`);
        await expect(page.locator(`[data-post-id="${open}"]`)).toBeVisible();
        await expect(page.locator(`[data-post-id="${hidden}"]`)).toBeVisible();
        await logOut(page);
        await page.goto(`/social/search?query=${typo}`);
        await expect(page.locator(`[data-post-id="${open}"]`)).toBeVisible();
        await expect(page.locator(`[data-post-id="${hidden}"]`)).toHaveCount(0);
      });
  });
}
