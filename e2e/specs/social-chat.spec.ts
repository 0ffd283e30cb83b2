import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { loggedInPage } from '../support/backoffice';
import { DEMO } from '../support/people';
import { activatedPerson, notificationsLive, signedInSession, unreadCount } from '../support/social';

test('A writes to B, who sees it live with a rising count, and lands in the chat from the notification', async ({
  browser,
  request,
}) => {
  test.slow();
  const [writer, reader] = [await activatedPerson(request), await activatedPerson(request)];
  const a = await signedInSession(browser, request, writer);
  const b = await signedInSession(browser, request, reader);

  // B has no conversations yet.
  await b.page.goto('/social/chat');
  await expect(b.page.getByText('You have no active conversations!')).toBeVisible();
  await expectAccessible(b.page);

  // A starts the conversation from B's profile.
  await a.page.goto(`/social/profile/${b.slug}`);
  await a.page.getByTestId('send-message-profile').click();
  await expect(a.page).toHaveURL(/\/social\/chat\/[0-9a-f-]{36}$/);
  await expect(a.page.getByTestId('chat-with')).toHaveText(`${reader.first} ${reader.last}`);

  // B opens the chat page, which now lists the conversation, and waits there.
  await b.page.goto('/social/chat');
  await expect(b.page.getByTestId('conversation')).toHaveCount(1);
  await expect(b.page.getByTestId('chat-with')).toHaveText(`${writer.first} ${writer.last}`);
  const before = await unreadCount(b.page);

  const text = `Hello there ${randomBytes(3).toString('hex')}`;
  const input = a.page.getByTestId('message-input');
  await input.fill(`${text}`);
  await input.press('Shift+Enter');
  await input.pressSequentially('second line');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const mine = a.page.getByTestId('chat-message').filter({ hasText: text });
  await expect(mine).toHaveAttribute('data-mine', 'true');
  await expect(mine).toHaveCount(1);

  // B sees it without reloading, on the left; B is reading this chat, so the count does not rise.
  const theirs = b.page.getByTestId('chat-message').filter({ hasText: text });
  await expect(theirs).toBeVisible();
  await expect(theirs).toHaveAttribute('data-mine', 'false');
  await expect(theirs.getByTestId('chat-message-body')).toHaveText(`${text}\nsecond line`);
  await expect(b.page.getByTestId('conversation').first()).toContainText(text);
  await expectAccessible(b.page);

  // B answers; A sees it live too, once.
  await b.page.getByTestId('message-input').fill('Hi back!');
  await b.page.getByTestId('send-message').click();
  await expect(a.page.getByTestId('chat-message').filter({ hasText: 'Hi back!' })).toHaveCount(1);
  await expect(b.page.getByTestId('chat-message').filter({ hasText: 'Hi back!' })).toHaveCount(1);

  // Away from the chat, B hears of A's next message: the count rises.
  const live = notificationsLive(b.page);
  await b.page.goto('/social/home');
  await live;
  await a.page.getByTestId('message-input').fill(`${text} again`);
  await a.page.getByTestId('message-input').press('Enter');
  await expect.poll(() => unreadCount(b.page)).toBe(before + 1);

  // Later, B opens the notification and lands in the chat with A.
  await b.page.getByTestId('nav-notifications').click();
  await expectAccessible(b.page);
  await b.page
    .getByTestId('notification')
    .filter({ hasText: `${writer.first} ${writer.last} sent you a message!` })
    .click();
  await expect(b.page).toHaveURL('/social/chat');
  await expect(b.page.getByTestId('chat-with')).toHaveText(`${writer.first} ${writer.last}`);
  await expect(b.page.getByTestId('chat-message').filter({ hasText: `${text} again` })).toBeVisible();
  await expect.poll(() => unreadCount(b.page)).toBe(before);

  await a.context.close();
  await b.context.close();
});

test('the chat and notification pages pass axe in the light and the dark theme, on a phone too', async ({ browser, request }) => {
  // Sixteen axe scans in one test: more than the default budget on a busy machine (it timed out in CI once).
  test.slow();
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      // Logged in with tokens: the login page is not what this test checks.
      const { page, close } = await loggedInPage(browser, request, DEMO, { viewport, theme });
      await page.goto('/social/chat');
      if (viewport.width < 960) {
        await expect(page.getByTestId('conversation').first()).toBeVisible();
        await expectAccessible(page);
        await page.getByTestId('conversation').first().click();
      }
      await expect(page.getByTestId('chat-message').first()).toBeVisible();
      await expectAccessible(page);
      await page.goto('/social/notifications');
      await expect(page.getByTestId('notifications')).toBeVisible();
      await expectAccessible(page);
      await close();
    }
  }
});
