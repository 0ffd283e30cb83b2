import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Undoes quoted-printable soft line breaks and escapes, as a mail client would. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for an email to `to` whose text contains `needle`, and returns the decoded message. */
export async function emailTo(dataDir: string, to: string, needle: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const dir = path.join(dataDir, 'outbox');
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.eml'))) {
        const text = decodeQuotedPrintable(await fs.readFile(path.join(dir, name), 'utf8'));
        if (text.includes(`To: ${to}`) && text.includes(needle)) found = text;
      }
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** Waits for the activation email to `to` in the server's outbox and returns its link. */
export async function activationLinkFor(dataDir: string, to: string): Promise<string> {
  const email = await emailTo(dataDir, to, '/activate/');
  return /https?:\/\/\S+\/activate\/\S+\//.exec(email)![0];
}
