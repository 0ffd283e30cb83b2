import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { mailOptions } from './mail-options.js';
import type { MailMessage, Mailer } from './mailer.js';

export function createSmtpMailer(url: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail(mailOptions(from, message));
      log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent by SMTP');
    },
    async close() {
      transport.close();
    },
  };
}
