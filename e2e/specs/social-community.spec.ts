import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { bearer, loggedInPage, STAFF, suspendAccount, tokensOf } from '../support/backoffice';
import { activatedPerson, notificationsLive, PICTURE, slugOf } from '../support/social';

// Several people, live sockets and a suspension on a shared machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Each width checks some of the states with axe (every state at both widths would double the spec's time). */
const VIEWS = [
  {
    name: 'desktop, light',
    viewport: { width: 1280, height: 800 },
    theme: 'light' as const,
    axe: ['suggestions', 'edit', 'suspended'],
  },
  { name: 'phone, dark', viewport: { width: 390, height: 844 }, theme: 'dark' as const, axe: ['history', 'block', 'suspended'] },
];

/** Issue 27, as a member lives it: mention, alt text and a content warning, an edit and its history, a block, a suspension. */
for (const view of VIEWS) {
  test(`a member mentions, describes, warns, edits, blocks, and is told of a suspension at once (${view.name})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const tag = randomBytes(3).toString('hex');
    const [writer, friend, pest] = [
      await activatedPerson(request),
      await activatedPerson(request),
      await activatedPerson(request),
    ];
    const [writerTokens, friendTokens, pestTokens] = [
      await tokensOf(request, writer),
      await tokensOf(request, friend),
      await tokensOf(request, pest),
    ];
    const [writerSlug, friendSlug, pestSlug] = [
      await slugOf(request, writerTokens),
      await slugOf(request, friendTokens),
      await slugOf(request, pestTokens),
    ];
    await request.post(`/api/social-profiles/friends/${friendSlug}/request/`, { headers: bearer(writerTokens) });
    expect(
      (await request.post(`/api/social-profiles/friends/${writerSlug}/accepted/`, { headers: bearer(friendTokens) })).status(),
    ).toBe(200);
    const pestPost = `Pest post ${tag}`;
    expect(
      (await request.post('/api/social-posts/create/', { headers: bearer(pestTokens), multipart: { body: pestPost } })).status(),
    ).toBe(200);

    const session = await loggedInPage(browser, request, writer, { viewport: view.viewport, theme: view.theme });
    const { page } = session;
    const axe = async (state: string, part?: string) => {
      if (view.axe.includes(state)) await expectAccessible(page, part);
    };
    let live = notificationsLive(page);
    await page.goto('/social/home?feed=everyone');
    await live;
    await expect(page.getByTestId('post-card').filter({ hasText: pestPost })).toBeVisible();

    // A mention chosen from the suggestions with the keyboard; a picture with its description; a warning.
    const input = page.getByTestId('post-body-input');
    await input.fill(`Lunch with @${friendSlug.slice(0, 4)}`);
    await expect(page.getByTestId('mention-option').first()).toContainText(`@${friendSlug}`);
    await expect(input).toHaveAttribute('aria-activedescendant', /option-0$/);
    await axe('suggestions', '[data-testid="create-post"]');
    await input.press('Enter');
    await expect(input).toHaveValue(`Lunch with @${friendSlug} `);
    await expect(page.getByTestId('mention-suggestions')).toBeHidden();
    await page.keyboard.insertText(`today #lunch${tag}`);
    await page.getByTestId('image-input').setInputFiles({ name: 'ramen.png', mimeType: 'image/png', buffer: PICTURE });
    const alt = 'A bowl of ramen on a wooden table';
    await page.getByTestId('image-alt-input').fill(alt);
    await page.getByTestId('post-warning-toggle').click();
    await page.getByTestId('post-warning-input').fill(`Food photo ${tag}`);
    await page.getByTestId('post-submit').click();

    // Folded behind its warning until opened; the picture says what it shows; the mention links the profile.
    const card = page
      .getByTestId('post-card')
      .filter({ hasText: `Food photo ${tag}` })
      .first();
    await expect(card.getByTestId('content-warning')).toBeVisible();
    await expect(card.getByTestId('post-body')).toHaveCount(0);
    await card.getByTestId('content-warning-toggle').click();
    await expect(card.getByTestId('content-warning-toggle')).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByRole('link', { name: `@${friendSlug}` })).toHaveAttribute('href', `/social/profile/${friendSlug}`);
    await expect(card.getByTestId('post-images').locator('img')).toHaveAttribute('alt', alt);
    const mentions = await request.get('/api/social-notifications/?type=mention', { headers: bearer(friendTokens) });
    expect(((await mentions.json()) as unknown[]).length).toBe(1);

    // Edited by its author: "edited", and the history shows both versions.
    await card.getByTestId('post-menu').click();
    await page.getByTestId('post-edit').click();
    const dialog = page.getByTestId('edit-post-dialog');
    await dialog.getByTestId('edit-post-body').fill(`Lunch with @${friendSlug} was great #lunch${tag}`);
    await axe('edit', '[data-testid="edit-post-dialog"]');
    await dialog.getByTestId('edit-post-save').click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('post-body')).toContainText('was great');
    await card.getByTestId('post-edited').click();
    const history = page.getByTestId('post-history');
    await expect(history.getByTestId('post-version')).toHaveCount(2);
    await expect(history.getByTestId('post-version').last()).toContainText('today');
    await axe('history', '[data-testid="post-history"]');
    await history.getByRole('button', { name: 'Close' }).click();

    // Blocked from their profile's menu: gone from the timeline and their profile with them.
    await page.goto(`/social/profile/${pestSlug}`);
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-block').click();
    await expect(page.getByTestId('block-dialog')).toBeVisible();
    await axe('block', '[data-testid="block-dialog"]');
    await page.getByTestId('block-confirm').click();
    await expect(page).toHaveURL(/\/social\/home$/);
    await page.getByTestId('feed-everyone').click();
    await expect(page.getByTestId('post-card').filter({ hasText: `Food photo ${tag}` })).toBeVisible();
    await expect(page.getByTestId('post-card').filter({ hasText: pestPost })).toHaveCount(0);
    await page.goto(`/social/profile/${pestSlug}`);
    await expect(page.getByText('Nobody here')).toBeVisible();

    // Suspended while reading: the page says so at once, with why and whom to ask.
    live = notificationsLive(page);
    await page.goto('/social/home');
    await live;
    const reason = `Spam links ${tag}`;
    await suspendAccount(request, await tokensOf(request, STAFF), writer.email, reason);
    await expect(page).toHaveURL('/account-suspended');
    await expect(page.getByTestId('suspended-page')).toContainText(`Your account was suspended: ${reason}`);
    await expect(page.getByTestId('suspension-contact')).toHaveAttribute('href', 'mailto:moderation@portal.example');
    await axe('suspended');
    await session.close();
  });
}
