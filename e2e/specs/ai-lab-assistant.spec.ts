import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { makePdf } from '../../apps/server/test/support/pdf-maker';
import { expectAccessible, expectAccessibleInBothThemes } from '../support/axe';
import { loggedInPage } from '../support/backoffice';
import { hydrated } from '../support/hydration';
import { activatedAccount } from '../support/people';
import { startProviderPortal, type ProviderPortal } from '../support/provider-portal';
import { PORTS } from '../support/servers';

// Beside ai-lab-provider.spec.ts's portal (BASE + 2), which may run at the same time.
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const HOBBIT = makePdf(['The dragon Smaug sleeps on gold.', 'Bilbo steals a cup.'], 'The Hobbit notes');

let portal: ProviderPortal;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startProviderPortal(PORTS.aiAssistant, 'ai-assistant');
});
test.afterAll(async () => portal?.stop());

type SentChat = { model: string; messages: { role: string; content: string }[] };
const lastChat = () =>
  portal.standIn.requests.filter((request) => request.path === '/v1/chat/completions').at(-1)!.body as SentChat;

async function ask(page: Page, question: string) {
  const box = page.getByTestId('chat-form-input');
  await box.fill(question);
  await box.press('Enter');
  await expect(page.getByTestId('chat-answer').last()).toHaveAttribute('data-status', 'done');
}

for (const viewport of VIEWPORTS) {
  test(`Funny Chat with a model: pick it, give instructions, ask about a PDF, edit and switch versions, share (${viewport.name})`, async ({
    browser,
  }) => {
    test.slow();
    const api = await apiRequest.newContext({ baseURL: portal.url });
    const person = await activatedAccount(api, '/api/social-profiles/register/', portal.dataDir);
    const { page, close } = await loggedInPage(browser, api, person, { viewport });
    await page.goto(`${portal.url}/ai-lab`);
    await hydrated(page);

    // A model of the provider's list, for this conversation.
    await page.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'llama3.1:8b' }).click();
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveText('llama3.1:8b');

    // Instructions for every conversation of the account.
    await page.getByRole('button', { name: 'Instructions' }).click();
    const instructions = page.getByRole('dialog', { name: 'Instructions' });
    await instructions.getByRole('textbox', { name: 'For all your conversations' }).fill('Call me Ana. Keep it short.');
    await instructions.getByRole('button', { name: 'Save' }).click();
    await expect(instructions).toHaveCount(0);

    // A PDF, read on the server, asked about: its text, the model and the instructions reach the provider.
    await page.getByTestId('attach-input').setInputFiles({ name: 'hobbit.pdf', mimeType: 'application/pdf', buffer: HOBBIT });
    await expect(page.getByTestId('document')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('document')).toContainText('hobbit.pdf · 2 pages · 53 characters');
    await ask(page, 'Who sleeps on gold?');
    await expect(page.getByTestId('chat-answer')).toHaveText(/Stand-in model heard "Who sleeps on gold\?"/);
    await expect(page.getByTestId('question-document')).toHaveText('hobbit.pdf · 2 pages · 53 characters');
    expect(lastChat().model).toBe('llama3.1:8b');
    expect(lastChat().messages[0]!.content).toContain('Call me Ana. Keep it short.');
    expect(lastChat().messages[0]!.content).toContain('The dragon Smaug sleeps on gold.');

    // Edit the question: a second version with its own answer; ‹ › switches between the two.
    await page.getByTestId('my-message').getByRole('button', { name: 'Edit question' }).click();
    await page.getByTestId('question-editor-input').fill('Who steals the cup?');
    await page.getByTestId('question-editor-send').click();
    const answer = page.getByTestId('chat-answer');
    const version = page.getByTestId('my-message').getByTestId('version-label');
    await expect(answer).toHaveText(/heard "Who steals the cup\?"/);
    await expect(version).toHaveText('2/2');
    expect(lastChat().messages.at(-1)).toEqual({ role: 'user', content: 'Who steals the cup?' });
    await page.getByRole('button', { name: 'Previous version of this question' }).click();
    await expect(version).toHaveText('1/2');
    await expect(answer).toHaveText(/heard "Who sleeps on gold\?"/);
    await page.getByRole('button', { name: 'Next version of this question' }).click();
    await expect(version).toHaveText('2/2');
    await expect(answer).toHaveText(/heard "Who steals the cup\?"/);
    await expectAccessible(page);

    // Share: a link that opens logged out, read-only, with the first name only, never indexed.
    await page.getByRole('button', { name: 'Share' }).click();
    const sharing = page.getByRole('dialog', { name: 'Share this conversation' });
    await sharing.getByRole('button', { name: 'Create link' }).click();
    const url = await sharing.getByTestId('share-url').inputValue();
    expect(url).toMatch(new RegExp(`^${portal.url}/ai-lab/shared/[A-Za-z0-9_-]{32}$`));
    // The dialog is the same at both widths: checked once.
    if (viewport.name === 'desktop') await expectAccessible(page);
    await sharing.getByRole('button', { name: 'Close' }).click();

    const visitor = await browser.newContext({ viewport });
    const reader = await visitor.newPage();
    const opened = await reader.goto(url);
    expect(opened!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    const shared = reader.getByTestId('shared-conversation');
    await expect(shared.getByRole('heading', { name: 'Who sleeps on gold?' })).toBeVisible();
    await expect(shared).toContainText(`Shared by ${person.first}`);
    await expect(shared.getByTestId('shared-question')).toHaveText(`${person.first}: Who steals the cup?`);
    await expect(shared.getByTestId('shared-answer')).toContainText('heard "Who steals the cup?"');
    await expect(shared).not.toContainText(person.last);
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expectAccessibleInBothThemes(reader);
    await visitor.close();
    await close();
    await api.dispose();
  });
}
