import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from './outbox-mailer.js';

const log = { info: () => undefined } as never;

describe('outbox mailer', () => {
  it('writes one RFC 822 .eml file per message', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const mailer = createOutboxMailer(dir, 'Portal <no-reply@portal.test>', log);
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Please activate your account',
      text: 'Hi Ana,\n\nhttp://portal.test/activate/MQ/abc-def/\n',
    });
    await mailer.send({ to: 'ben@example.com', subject: 'Second', text: 'Hello' });
    const files = (await fs.readdir(dir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((name) => /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/.test(name))).toBe(true);
    const contents = await Promise.all(files.map((name) => fs.readFile(path.join(dir, name), 'utf8')));
    const first = contents.find((text) => text.includes('To: ana@example.com'))!;
    expect(first).toContain('From: Portal <no-reply@portal.test>');
    expect(first).toContain('Subject: Please activate your account');
    expect(first).toMatch(/Message-ID: <.+>/);
    expect(first).toContain('http://portal.test/activate/MQ/abc-def/');
    await mailer.close();
    await fs.rm(dir, { recursive: true });
  });
});
