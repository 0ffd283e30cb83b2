import type { MailMessage } from '../core/mail/mailer.js';
import { renderEmail } from '../core/mail/render-email.js';

export function activationEmail(to: string, firstName: string, link: string, validDays: number): MailMessage {
  const days = `${validDays} day${validDays === 1 ? '' : 's'}`;
  return {
    to,
    ...renderEmail({
      subject: 'Please activate your account',
      greeting: `Hi ${firstName},`,
      paragraphs: [
        'Thank you for registering with the portal. Please open the link below to activate your account. One account works in every app of the portal: the shop and the social network.',
      ],
      action: { label: 'Activate your account', url: link },
      after: [`The link is valid for ${days}. If you did not sign up, you can ignore this email.`],
    }),
  };
}
