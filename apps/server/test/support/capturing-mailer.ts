import type { MailMessage, Mailer } from '../../src/core/mail/mailer.js';

export interface CapturingMailer extends Mailer {
  sent: MailMessage[];
  /** The first URL in the newest message sent to `to`. */
  lastLinkTo(to: string): string;
  /** Makes every send take until the returned function is called, as a stalled SMTP server would. */
  hold(): () => void;
  /** Makes every send fail, as an SMTP server refusing the message would, until the returned function is called. */
  refuse(): () => void;
}

/** Keeps every message (as soon as it is handed over); also hands it to `also` (e.g. the outbox) when given. */
export function createCapturingMailer(also?: Mailer): CapturingMailer {
  const sent: MailMessage[] = [];
  let held: Promise<void> | undefined;
  let refusing = false;
  return {
    sent,
    async send(message) {
      if (refusing) throw new Error('550 mailbox unavailable');
      sent.push(message);
      await held;
      await also?.send(message);
    },
    async close() {
      await also?.close();
    },
    lastLinkTo(to) {
      const message = [...sent].reverse().find((m) => m.to === to);
      const link = message?.text.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`No link was mailed to ${to}`);
      return link;
    },
    hold() {
      let release = () => {};
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    refuse() {
      refusing = true;
      return () => {
        refusing = false;
      };
    },
  };
}
