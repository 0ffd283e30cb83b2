import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from './outbox-mailer.js';
import { renderEmail, wrapText } from './render-email.js';

const LINK = 'http://portal.example.test/taberna-profiles/activate/MTIzNDU/cb1x2a-0123456789abcdef0123456789abcdef/';

describe('renderEmail', () => {
  it('wraps text at 72 characters but never breaks a link', () => {
    const text = wrapText(`Please open ${LINK} to go on, and tell a friend about it if you like the portal.`);
    const lines = text.split('\n');
    expect(lines).toContain(LINK);
    expect(lines.filter((line) => line !== LINK).every((line) => line.length <= 72)).toBe(true);
  });

  it('gives a text part and an escaped, self-contained HTML part', () => {
    const mail = renderEmail({
      subject: 'Your order',
      greeting: 'Hi <Ana>,',
      paragraphs: ['Shipping to:\nAna Lima\n1 Harbour Street'],
      rows: [
        { label: '2 × Lamp', value: '$40.00' },
        { label: 'Total paid', value: '$40.80', total: true },
      ],
      action: { label: 'See your orders', url: LINK },
    });
    expect(mail.subject).toBe('Your order');
    expect(mail.text).toContain('Hi <Ana>,\n\nShipping to:\nAna Lima\n1 Harbour Street\n');
    expect(mail.text).toMatch(/ {2}2 × Lamp {4}\$40\.00\nTotal paid {4}\$40\.80\n/);
    expect(mail.text).toContain(`See your orders:\n${LINK}\n`);
    expect(mail.html).toContain('Hi &lt;Ana&gt;,');
    expect(mail.html).toContain('Shipping to:<br>Ana Lima<br>1 Harbour Street');
    expect(mail.html).toContain(`<a href="${LINK}"`);
    expect(mail.html).toContain('@media (prefers-color-scheme: dark)');
    expect(mail.html).not.toMatch(/<img|<link|src=|url\(/i);
  });

  it('goes out through the outbox with the text part in 8bit, so no soft line break splits the link', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const mailer = createOutboxMailer(dir, 'Portal <no-reply@portal.test>', { info: () => undefined } as never);
    await mailer.send({
      to: 'zoe@example.com',
      ...renderEmail({ subject: 'Hello', greeting: 'Hi Zoë,', paragraphs: [], action: { label: 'Go', url: LINK } }),
    });
    const [name] = await fs.readdir(dir);
    const raw = await fs.readFile(path.join(dir, name!), 'utf8');
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nHi Zoë,/);
    expect(raw).toContain(`\r\n${LINK}\r\n`);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    await mailer.close();
    await fs.rm(dir, { recursive: true });
  });
});
