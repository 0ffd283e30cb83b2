import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newPerson, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // A long host makes the activation link longer than a quoted-printable line (76).
  t = await createTestApp({ PUBLIC_URL: 'http://a-rather-long-portal-host-name.example.test' }, undefined, { outbox: true });
});
afterAll(() => t.close());

interface Part {
  headers: string;
  body: string;
}

/** The parts of a multipart/alternative .eml, as a mail client splits them. */
function partsOf(eml: string): { headers: string; parts: Part[] } {
  const split = eml.indexOf('\n\n');
  const headers = eml.slice(0, split);
  const boundary = /boundary="?([^"\n;]+)"?/.exec(headers)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const parts = eml
    .slice(split + 2)
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const text = chunk.replace(/^\n/, '');
      const end = text.indexOf('\n\n');
      return { headers: text.slice(0, end), body: text.slice(end + 2) };
    });
  return { headers, parts };
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

async function emlTo(to: string): Promise<string> {
  const dir = path.join(t.dataDir, 'outbox');
  for (const name of await fs.readdir(dir)) {
    // MIME's CRLF line ends, read as a mail client would.
    const text = (await fs.readFile(path.join(dir, name), 'utf8')).replace(/\r\n/g, '\n');
    if (text.includes(`To: ${to}`)) return text;
  }
  throw new Error(`no email to ${to} in the outbox`);
}

describe('emails people can read', () => {
  it('sends the activation email with a text part whose link is whole and an HTML part', async () => {
    const person = { ...newPerson(), first_name: 'Zoë' };
    expect((await t.app.inject({ method: 'POST', url: '/taberna-profiles/api/register/', payload: person })).statusCode).toBe(
      201,
    );
    const eml = await emlTo(person.email);
    const { headers, parts } = partsOf(eml);
    expect(headers).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(headers).toContain('Subject: Please activate your account');
    expect(parts).toHaveLength(2);
    const [text, html] = parts as [Part, Part];

    expect(text.headers).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(text.headers).toMatch(/^Content-Transfer-Encoding: 8bit$/m);
    // The link sits whole on a line of its own in the raw file: no soft line break splits it.
    const link = /^http:\/\/\S+\/taberna-profiles\/activate\/\S+\/$/m.exec(text.body)?.[0];
    expect(link).toBeDefined();
    expect(link!.length).toBeGreaterThan(76);
    expect(text.body).not.toMatch(/=\n/);
    expect(text.body).toContain('Hi Zoë,');
    expect(
      text.body
        .split('\n')
        .filter((line) => !line.startsWith('http'))
        .every((line) => line.length <= 72),
    ).toBe(true);

    expect(html.headers).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
    const page = /quoted-printable/.test(html.headers) ? decodeQuotedPrintable(html.body) : html.body;
    expect(page).toContain(`href="${link!}"`);
    expect(page).toContain('Activate your account</a>');
    expect(page).toContain('Hi Zoë,');
    expect(page).toContain('@media (prefers-color-scheme: dark)');
    expect(page).toContain('<meta name="color-scheme" content="light dark">');
    // No remote assets: nothing is loaded from anywhere.
    expect(page).not.toMatch(/<img|<link|src=|url\(/i);

    // The link from the raw file activates the account.
    const opened = await t.app.inject({ method: 'GET', url: new URL(link!).pathname });
    expect(opened.headers.location).toBe('/taberna-profiles/activate-result/?status=activated');
  });

  it('escapes what people typed in the HTML part', async () => {
    const person = { ...newPerson(), first_name: '<b>Eve</b> & co' };
    expect((await t.app.inject({ method: 'POST', url: '/api/social-profiles/register/', payload: person })).statusCode).toBe(201);
    const [, html] = partsOf(await emlTo(person.email)).parts as [Part, Part];
    const page = /quoted-printable/.test(html.headers) ? decodeQuotedPrintable(html.body) : html.body;
    expect(page).toContain('Hi &lt;b&gt;Eve&lt;/b&gt; &amp; co,');
    expect(page).not.toContain('<b>Eve</b>');
  });
});
