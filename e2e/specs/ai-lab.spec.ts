import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../support/axe';
import { hydrated } from '../support/hydration';

/** A landscape picture, blue above and yellow below: a beach, as far as the local engine can tell. */
async function beachPicture() {
  const sand = await sharp({ create: { width: 800, height: 200, channels: 3, background: '#f5d142' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6fdb' } })
    .composite([{ input: sand, top: 400, left: 0 }])
    .png()
    .toBuffer();
}

/**
 * Records what shows while an answer streams (the local engine can be quick): the stop button,
 * the typing indicator, and how many different lengths the answer had on its way.
 */
async function watchStreaming(page: Page) {
  await page.evaluate(() => {
    const seen = { stop: false, typing: false, lengths: new Set<number>() };
    (window as unknown as { streaming: typeof seen }).streaming = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid=stop-button]')) seen.stop = true;
      if (document.querySelector('[data-testid=chat-answer] [data-testid=typing-indicator]')) seen.typing = true;
      const answers = document.querySelectorAll('[data-testid=chat-answer]');
      seen.lengths.add(answers[answers.length - 1]?.textContent?.length ?? 0);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return async () =>
    page.evaluate(() => {
      const seen = (window as unknown as { streaming: { stop: boolean; typing: boolean; lengths: Set<number> } }).streaming;
      return { stop: seen.stop, typing: seen.typing, steps: seen.lengths.size };
    });
}

async function attach(page: Page, name: string) {
  await page.getByTestId('attach-input').setInputFiles({ name, mimeType: 'image/png', buffer: await beachPicture() });
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`the engine notice (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('is a small badge above the first screen; its details, for visitors, open in a dialog', async ({ page }) => {
      for (const path of ['/ai-lab', '/ai-lab/image-generator']) {
        await page.goto(path);
        const badge = page.getByTestId('engine-notice');
        await expect(badge).toHaveAttribute('data-engine', 'local');
        const box = (await badge.boundingBox())!;
        expect(box.height).toBeLessThan(40);
        expect(box.width).toBeLessThan(viewport.width);
        expect(box.y + box.height, 'on the first screen').toBeLessThan(viewport.height / 2);
      }
      await page.getByTestId('engine-notice').click();
      const details = page.getByRole('dialog', { name: 'About the built-in AI' });
      await expect(details).toContainText('not sent to any outside AI service');
      await expect(details).not.toContainText('AI_BASE_URL');
      await expectAccessible(page);
      await details.getByRole('button', { name: 'Close' }).click();
      await expect(details).toBeHidden();
      await expect(page.getByTestId('engine-notice')).toBeFocused();
      await expectAccessible(page);
    });
  });
}

test.describe('AI lab on the local engines', () => {
  test('Funny Chat answers a question about an attached picture, streaming, and keeps the conversation', async ({ page }) => {
    await page.goto('/ai-lab');
    // Rendered on the server (issue 12): the file input and the form work once React owns them.
    await hydrated(page);
    await attach(page, 'beach.png');
    const thumbnail = page.getByTestId('attachment');
    await expect(thumbnail).toHaveAttribute('data-status', 'ready');
    await expect(thumbnail.getByRole('img', { name: 'beach.png' })).toBeVisible();
    const question = page.getByRole('textbox', { name: 'Your question' });
    await question.fill('What do you see in this picture?');
    const streamed = await watchStreaming(page);
    await question.press('Enter');

    await expect(page.getByTestId('my-message')).toContainText('What do you see in this picture?');
    await expect(page.getByTestId('my-message').getByRole('img')).toHaveCount(1);
    await expect(page.getByTestId('attachment')).toHaveCount(0);
    const answer = page.getByTestId('chat-answer').last();
    await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    const seen = await streamed();
    expect(seen.stop && seen.typing, JSON.stringify(seen)).toBe(true);
    // Seen in more than one piece (how many depends on how fast this machine renders the stream).
    expect(seen.steps).toBeGreaterThan(1);
    await expect(answer).toContainText('800×600');
    await expect(answer).toContainText(/blue and yellow/);
    await expectAccessible(page);

    await question.fill('Tell me a joke about cats');
    await question.press('Enter');
    await expect(page.getByTestId('chat-answer')).toHaveCount(2);
    await expect(page.getByTestId('chat-answer').last()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    await expect(page.getByTestId('chat-answer').last()).toContainText(/cat|kitten/i);

    // The conversation stays while moving around the lab.
    await page.getByRole('link', { name: 'Image Generator' }).first().click();
    await page.getByRole('link', { name: 'Funny Chat' }).first().click();
    await expect(page.getByTestId('chat-answer')).toHaveCount(2);
  });

  test('an attached picture can be removed before asking', async ({ page }) => {
    await page.goto('/ai-lab');
    await hydrated(page);
    await attach(page, 'first.png');
    await expect(page.getByTestId('attachment')).toHaveAttribute('data-status', 'ready');
    await attach(page, 'second.png');
    await expect(page.getByTestId('attachment')).toHaveCount(2);
    const deleted = page.waitForResponse((response) => response.url().endsWith('/ai-lab/delete-vision-image/'));
    await page.getByRole('button', { name: 'Remove first.png' }).click();
    expect((await deleted).status()).toBe(200);
    await expect(page.getByTestId('attachment')).toHaveCount(1);
    await expect(page.getByRole('img', { name: 'second.png' })).toBeVisible();
  });

  test('the image generator draws a picture that can be downloaded', async ({ page }) => {
    await page.goto('/ai-lab/image-generator');
    const prompt = page.getByRole('textbox', { name: 'Describe the picture' });
    await prompt.fill('A red house with two trees under a blue sky');
    await prompt.press('Enter');
    const picture = page.getByRole('img', { name: 'Generated picture: A red house with two trees under a blue sky' });
    await expect(picture).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1024);
    await expectAccessible(page);

    const downloading = page.waitForEvent('download');
    await page.getByTestId('download-image').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^a_red_house_with_two_tree_[A-Za-z0-9_-]{22}\.png$/);
    const file = await fs.readFile((await download.path())!);
    expect(file.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect((await sharp(file).metadata()).width).toBe(1024);
  });

  test('the voice generator speaks and the voice plays', async ({ page }) => {
    await page.goto('/ai-lab/voice-generator');
    const prompt = page.getByRole('textbox', { name: 'Text to speak' });
    await prompt.fill('Hello from the AI lab, where even the robots tell jokes.');
    await prompt.press('Enter');
    const player = page.getByTestId('voice-player');
    await expect(player).toBeVisible({ timeout: 20_000 });
    await expect(player).toHaveAttribute(
      'src',
      /\/static\/media\/generated_voices\/hello_from_the_ai_lab_whe_[A-Za-z0-9_-]{22}\.wav$/,
    );
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(2);
    await expectAccessible(page);
    // Press the player's own play button (it sits at the left end of the native controls).
    await player.click({ position: { x: 22, y: 20 } });
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0)).toBe(true);
  });

  test('realtime chat: the socket opens with the lab, and a message gets a streamed reply', async ({ page }) => {
    await page.goto('/ai-lab/realtime-chat');
    await expect(page.getByText('Start a conversation')).toBeVisible();
    await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'open');
    await expectAccessible(page);
    // The local reply can be quick: record that the loading state showed, however briefly.
    await page.evaluate(() => {
      const seen = window as unknown as { sawPending: boolean };
      seen.sawPending = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid=realtime-pending] [data-testid=typing-indicator]')) seen.sawPending = true;
      }).observe(document.body, { subtree: true, childList: true });
    });
    const message = page.getByRole('textbox', { name: 'Your message' });
    await message.fill('Hello! Tell me a joke about the ocean');
    await message.press('Enter');
    await expect(page.getByTestId('realtime-me')).toHaveText(/Hello! Tell me a joke about the ocean/);
    await expect(page.getByTestId('realtime-chat')).toContainText(/ocean|sea|fish|shark|whale|wave|beach/i, { timeout: 20_000 });
    await expect(page.getByTestId('realtime-pending')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sawPending: boolean }).sawPending)).toBe(true);
    await expectAccessible(page);
  });

  test('failures read as the server message plus the administrator sentence (spec §8)', async ({ page }) => {
    await page.route('**/ai-lab/image-generator/', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The AI provider is busy.' }),
      }),
    );
    await page.goto('/ai-lab/image-generator');
    const prompt = page.getByRole('textbox', { name: 'Describe the picture' });
    await prompt.fill('a cat');
    await prompt.press('Enter');
    await expect(page.getByTestId('lab-error')).toHaveText(
      'The AI provider is busy. Please contact the site administrator if the issue persists.',
    );
    await expectAccessible(page);
  });
});
