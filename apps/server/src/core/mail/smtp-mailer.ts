import type { FastifyBaseLogger } from 'fastify';
import { lazyTransport } from './lazy-transport.js';
import { mailOptions } from './mail-options.js';
import type { MailMessage, Mailer } from './mailer.js';

export function createSmtpMailer(url: string, from: string, log: FastifyBaseLogger): Mailer {
  // nodemailer loads with the first message, not at start-up (issue 24).
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport(url));
  return {
    async send(message: MailMessage) {
      const info = await (await transport.get()).sendMail(mailOptions(from, message));
      log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent by SMTP');
    },
    async close() {
      await transport.close();
    },
  };
}
