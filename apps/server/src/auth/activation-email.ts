import type { MailMessage } from '../core/mail/mailer.js';

export function activationEmail(to: string, firstName: string, link: string, validDays: number): MailMessage {
  const days = `${validDays} day${validDays === 1 ? '' : 's'}`;
  return {
    to,
    subject: 'Please activate your account',
    text: [
      `Hi ${firstName},`,
      '',
      'Thank you for registering with the portal. Please open the link below to activate your account:',
      '',
      link,
      '',
      `The link is valid for ${days}. If you did not sign up, you can ignore this email.`,
    ].join('\n'),
  };
}
