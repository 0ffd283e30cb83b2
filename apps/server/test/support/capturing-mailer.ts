import type { MailMessage, Mailer } from '../../src/core/mail/mailer.js';

export interface CapturingMailer extends Mailer {
  sent: MailMessage[];
  /** The first URL in the newest message sent to `to`. */
  lastLinkTo(to: string): string;
}

export function createCapturingMailer(): CapturingMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    async close() {},
    lastLinkTo(to) {
      const message = [...sent].reverse().find((m) => m.to === to);
      const link = message?.text.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`No link was mailed to ${to}`);
      return link;
    },
  };
}
