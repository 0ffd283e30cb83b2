import type { MailMessage } from '../core/mail/mailer.js';
import { renderEmail } from '../core/mail/render-email.js';

export function passwordResetEmail(to: string, firstName: string, link: string, validMinutes: number): MailMessage {
  const validity =
    validMinutes % 60 === 0 ? `${validMinutes / 60} hour${validMinutes === 60 ? '' : 's'}` : `${validMinutes} minutes`;
  return {
    to,
    ...renderEmail({
      subject: 'Reset your password',
      greeting: `Hi ${firstName},`,
      paragraphs: [
        'Someone, hopefully you, asked to reset the password of your portal account. Open the link below to choose a new one. Once it is set, every device logged in to your account is logged out.',
      ],
      action: { label: 'Choose a new password', url: link },
      after: [
        `The link works once, for ${validity}. If you did not ask for it, you can ignore this email: your password stays as it is.`,
      ],
    }),
  };
}
