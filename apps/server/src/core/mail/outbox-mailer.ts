import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { lazyTransport } from './lazy-transport.js';
import { mailOptions } from './mail-options.js';
import type { MailMessage, Mailer } from './mailer.js';

/** Writes each message as one RFC 822 `.eml` file in the outbox folder, and logs a line. */
export function createOutboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  // nodemailer loads with the first message, not at start-up (issue 24).
  const composer = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message: MailMessage) {
      const info = await (await composer.get()).sendMail(mailOptions(from, message));
      const raw = info.message as Buffer;
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const tmp = path.join(dir, `.${name}.tmp`);
      await fs.writeFile(tmp, raw, { flag: 'wx' });
      await fs.rename(tmp, path.join(dir, name));
      log.info({ to: message.to, subject: message.subject, file: name }, 'mail written to outbox');
    },
    async close() {
      await composer.close();
    },
  };
}
