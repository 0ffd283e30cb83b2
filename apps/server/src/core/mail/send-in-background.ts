import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer.js';

/**
 * Hands a message to the mailer without waiting for it. Answers that say nothing about whether an
 * email has an account (password reset, resend activation) must not wait for the mail either: they
 * would take longer for a known address than for an unknown one. A failure is logged.
 */
export function sendInBackground(
  { mailer, log }: { mailer: Mailer; log: FastifyBaseLogger },
  message: MailMessage,
  context: Record<string, unknown>,
): void {
  mailer.send(message).catch((error: unknown) => log.error({ err: error, ...context }, `could not send "${message.subject}"`));
}
