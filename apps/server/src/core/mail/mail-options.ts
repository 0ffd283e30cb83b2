import type { SendMailOptions } from 'nodemailer';
import type { Attachment } from 'nodemailer/lib/mailer/index.js';
import type { MailMessage } from './mailer.js';

/**
 * The nodemailer message for one of ours. The text part goes as 8bit, not quoted-printable: its
 * lines are short except links, and quoted-printable would split those links with soft line breaks.
 * nodemailer picks the encoding of a text part itself, so the part is handed over raw, with MIME's
 * CRLF line ends like the rest of the message.
 */
export function mailOptions(from: string, message: MailMessage): SendMailOptions {
  // A raw node alone would be the whole message, headers and all: a text-only mail goes as it is.
  if (!message.html) return { from, to: message.to, subject: message.subject, text: message.text };
  const headers = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'];
  const newline = '\r\n';
  const body = message.text.replace(/\r?\n/g, newline);
  return {
    from,
    to: message.to,
    subject: message.subject,
    // nodemailer reads `raw` on every node; its types only declare it on attachments.
    text: { raw: `${headers.join(newline)}${newline}${newline}${body}` } as Attachment as SendMailOptions['text'],
    html: message.html,
    // Pictures the HTML shows by cid go inline, in the message itself: an email loads nothing remote.
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
  };
}
