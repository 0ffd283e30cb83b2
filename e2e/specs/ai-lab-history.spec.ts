import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { hydrated } from '../support/hydration';
import { activatedPerson, signIn } from '../support/social';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

async function askAndWait(page: Page, question: string) {
  // /ai-lab is rendered on the server (issue 12): a question typed before React owns the form is lost.
  await hydrated(page);
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  await box.press('Enter');
  await expect(page.getByTestId('chat-answer').last()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
}

const answers = (page: Page) => page.getByTestId('chat-answer');

/** The history: beside the chat on a wide screen, in a drawer behind the History button on a phone. */
async function openHistory(page: Page) {
  const history = page.getByTestId('conversation-history');
  const button = page.getByTestId('open-history');
  // isVisible() does not wait: let the page render first (right after a reload it had not, once in CI).
  await expect(page.getByRole('textbox', { name: 'Your question' })).toBeVisible();
  await hydrated(page);
  if (await button.isVisible()) {
    await expect(history).toHaveCount(0);
    await button.click();
  }
  await expect(history).toBeVisible();
  return history;
}

/** On a phone, Escape closes the drawer; on a wide screen the list stays where it is. */
async function closeHistory(page: Page) {
  if (!(await page.getByTestId('open-history').isVisible())) return;
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('conversation-history')).toHaveCount(0);
}

/** On a phone, choosing a conversation (or a new one) closes the drawer; on a wide screen the list stays. */
async function historySettled(page: Page) {
  if (await page.getByTestId('open-history').isVisible()) await expect(page.getByTestId('conversation-history')).toHaveCount(0);
}

for (const viewport of VIEWPORTS) {
  test.describe(`Funny Chat history, Markdown, copy and regenerate (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('an anonymous visitor keeps conversations in this browser: reload, copy, regenerate, rename, delete', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/ai-lab');
      await askAndWait(page, 'Tell me a joke about cats');
      await expect(page).toHaveURL(/\/ai-lab\?c=[\w-]+$/);
      let history = await openHistory(page);
      await expect(history.getByTestId('history-item')).toHaveText(['Tell me a joke about cats']);
      await expect(history.getByRole('button', { name: 'Tell me a joke about cats', exact: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await closeHistory(page);

      // Copy gives the answer's text.
      const answerText = (await answers(page).last().getByTestId('markdown-answer').innerText()).trim();
      await answers(page).last().getByRole('button', { name: 'Copy answer' }).click();
      await expect(answers(page).last().getByRole('button', { name: 'Copied' })).toBeVisible();
      expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(answerText);
      await expectAccessible(page);

      // Reload keeps the conversation.
      await page.reload();
      await expect(page.getByTestId('my-message')).toHaveText(['You: Tell me a joke about cats']);
      await expect(answers(page)).toHaveCount(1);
      await expect(answers(page).getByTestId('markdown-answer')).toHaveText(answerText);

      // Regenerate replaces the last answer, and only the last one has the button.
      await askAndWait(page, 'And about dogs?');
      await expect(page.getByRole('button', { name: 'Regenerate answer' })).toHaveCount(1);
      await answers(page).last().getByRole('button', { name: 'Regenerate answer' }).click();
      await expect(answers(page).last()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
      await expect(page.getByTestId('my-message')).toHaveCount(2);
      await expect(answers(page)).toHaveCount(2);
      await page.reload();
      await expect(answers(page)).toHaveCount(2);

      // A second conversation, then back to the first from the history.
      history = await openHistory(page);
      await history.getByRole('button', { name: 'New chat' }).click();
      await historySettled(page);
      await expect(page.getByText('Ask Funny Chat something')).toBeVisible();
      await askAndWait(page, 'What is 6 * 7?');
      history = await openHistory(page);
      await expect(history.getByTestId('history-item')).toHaveCount(2);
      await history.getByRole('button', { name: 'Tell me a joke about cats', exact: true }).click();
      await historySettled(page);
      await expect(page.getByTestId('my-message')).toHaveCount(2);

      // Rename.
      history = await openHistory(page);
      await history.getByRole('button', { name: 'Actions for “Tell me a joke about cats”' }).click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename conversation' });
      await expect(rename).toBeVisible();
      await expectAccessible(page);
      await rename.getByLabel('Title').fill('Pets');
      await rename.getByRole('button', { name: 'Save' }).click();
      await expect(rename).toBeHidden();
      await expect(history.getByTestId('history-item').filter({ hasText: 'Pets' })).toHaveCount(1);

      // Delete asks first; cancelling keeps it.
      await history.getByRole('button', { name: 'Actions for “Pets”' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this conversation?' });
      await expect(confirm).toContainText('“Pets”');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(history.getByTestId('history-item')).toHaveCount(2);
      await history.getByRole('button', { name: 'Actions for “Pets”' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(history.getByTestId('history-item')).toHaveText(['What is 6 * 7?']);
      await expect(page.getByText('Ask Funny Chat something')).toBeVisible();
      await page.reload();
      history = await openHistory(page);
      await expect(history.getByTestId('history-item')).toHaveText(['What is 6 * 7?']);
    });

    // At desktop width only: the Markdown, the escaping and the code's colours do not depend on the
    // width (the chat's phone layout is the other tests' at phone width).
    if (viewport.name === 'desktop')
      test('answers are rendered as Markdown with highlighted code, never as raw HTML', async ({ page }) => {
        await page.goto('/ai-lab');
        await page.evaluate(() =>
          localStorage.setItem(
            'ai-lab.conversations',
            JSON.stringify([
              {
                id: 'markdown-demo',
                title: 'Code please',
                updated_at: new Date().toISOString(),
                messages: [
                  { role: 'user', content: 'Code please' },
                  {
                    role: 'assistant',
                    content:
                      'Here is **bold** code:\n\n```python\ndef joke():\n    return 42\n```\n\n<img src=x onerror="window.hacked=1">',
                  },
                ],
              },
            ]),
          ),
        );
        await page.goto('/ai-lab?c=markdown-demo');
        const answer = answers(page);
        await expect(answer.locator('strong')).toHaveText('bold');
        await expect(answer.locator('pre code .hljs-keyword').first()).toHaveText('def');
        await expect(answer.locator('pre code .hljs-number')).toHaveText('42');
        await expect(answer.locator('img')).toHaveCount(0);
        expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
        await expectAccessible(page);
        await page.getByTestId('theme-toggle').click();
        await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', 'dark');
        await expect(answer.locator('pre code .hljs-keyword').first()).toHaveCSS('color', 'rgb(255, 123, 114)');
        await expectAccessible(page);
      });
  });

  test.describe(`logged in: saved conversations and the gallery (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the conversation is saved in the account, and the gallery offers past pictures and voices for download', async ({
      page,
      request,
    }) => {
      // A long walk: a conversation, a drawn picture and a spoken voice, then the gallery.
      test.slow();
      const person = await activatedPerson(request);
      await signIn(page, request, person);

      await page.goto('/ai-lab');
      await askAndWait(page, 'Why is the sky blue?');
      await expect(page).toHaveURL(/\?c=[0-9a-f-]{36}$/);
      await page.reload();
      await expect(page.getByTestId('my-message')).toHaveText(['You: Why is the sky blue?']);
      await expect(answers(page)).toHaveCount(1);

      // Beside the chat on a wide screen; on a phone a drawer behind a button, closed again by New chat.
      if (viewport.width < 900) await expect(page.getByTestId('conversation-history')).toHaveCount(0);
      else await expect(page.getByTestId('open-history')).toHaveCount(0);
      const history = await openHistory(page);
      await expect(history).toContainText('Saved in your account.');
      await expect(history.getByTestId('history-item')).toHaveText(['Why is the sky blue?']);
      await expectAccessible(page);
      await history.getByRole('button', { name: 'New chat' }).click();
      await historySettled(page);
      await expect(page.getByText('Ask Funny Chat something')).toBeVisible();

      // A picture and a voice, each downloadable where it is made and in the gallery.
      await page.goto('/ai-lab/image-generator');
      await page.getByRole('textbox', { name: 'Describe the picture' }).fill('A green tree');
      await page.getByRole('textbox', { name: 'Describe the picture' }).press('Enter');
      await expect(page.getByTestId('generated-image')).toBeVisible({ timeout: 20_000 });
      await page.goto('/ai-lab/voice-generator');
      await page.getByRole('textbox', { name: 'Text to speak' }).fill('Hello gallery');
      await page.getByRole('textbox', { name: 'Text to speak' }).press('Enter');
      await expect(page.getByTestId('voice-player')).toBeVisible({ timeout: 20_000 });
      const voiceDownload = page.waitForEvent('download');
      await page.getByTestId('download-voice').click();
      const voiceFile = await voiceDownload;
      expect(voiceFile.suggestedFilename()).toMatch(/\.(wav|mp3)$/);
      expect((await fs.readFile((await voiceFile.path())!)).subarray(0, 4).toString('ascii')).toBe('RIFF');
      await expectAccessible(page);

      await page.goto('/ai-lab/my-gallery');
      const items = page.getByTestId('gallery-item');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toHaveAttribute('data-kind', 'voice');
      await expect(items.nth(0)).toContainText('Hello gallery');
      await expect(items.nth(1).getByRole('img', { name: 'Generated picture: A green tree' })).toBeVisible();
      await expectAccessible(page);

      const pictureDownload = page.waitForEvent('download');
      await items.nth(1).getByRole('button', { name: 'Download picture' }).click();
      const picture = await pictureDownload;
      expect((await fs.readFile((await picture.path())!)).subarray(1, 4).toString('ascii')).toBe('PNG');
      const voiceAgain = page.waitForEvent('download');
      await items.nth(0).getByRole('button', { name: 'Download voice' }).click();
      expect((await voiceAgain).suggestedFilename()).toBe(voiceFile.suggestedFilename());
    });

    test('the gallery asks anonymous visitors to log in', async ({ page }) => {
      await page.goto('/ai-lab/my-gallery');
      await expect(page.getByText('Log in to keep a gallery')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/social/login');
      await expectAccessible(page);
    });
  });
}
