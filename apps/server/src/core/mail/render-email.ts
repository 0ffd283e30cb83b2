import type { MailMessage } from './mailer.js';

export interface EmailRow {
  label: string;
  value: string;
  /** A total line: set apart and bold. */
  total?: boolean;
  /** A small picture before the label in the HTML part: the `cid` of an inline attachment of the message. */
  image?: string;
}

export interface EmailContent {
  subject: string;
  /** The first line, e.g. "Hi Ana,". */
  greeting: string;
  /** Paragraphs before the action; a "\n" inside one is a line break (an address). */
  paragraphs: string[];
  /** A small table, e.g. the lines and totals of a receipt. */
  rows?: EmailRow[];
  /** The one thing to do: a button in HTML, the bare link on its own line in text. */
  action?: { label: string; url: string };
  /** Paragraphs after the action, e.g. how long a link stays valid. */
  after?: string[];
}

const BRAND = 'The Portal';
const TEXT_WIDTH = 72;

/** Wraps words at `width`; a longer word (a link) keeps its own unbroken line. */
export function wrapText(text: string, width = TEXT_WIDTH): string {
  return text
    .split('\n')
    .map((line) => {
      const out: string[] = [];
      let current = '';
      for (const word of line.split(/ +/)) {
        if (current && current.length + 1 + word.length > width) {
          out.push(current);
          current = word;
        } else current = current ? `${current} ${word}` : word;
      }
      out.push(current);
      return out.join('\n');
    })
    .join('\n');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const paragraphHtml = (text: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:24px;">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

function renderText(content: EmailContent): string {
  const width = Math.max(0, ...(content.rows ?? []).map((row) => row.label.length));
  const rows = (content.rows ?? []).map(
    (row) => `${row.total ? '' : '  '}${row.label.padEnd(width + (row.total ? 2 : 0))}  ${row.value}`,
  );
  const blocks = [
    content.greeting,
    ...content.paragraphs.map((p) => wrapText(p)),
    ...(rows.length > 0 ? [rows.join('\n')] : []),
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...(content.after ?? []).map((p) => wrapText(p)),
    `-- \n${BRAND}`,
  ];
  return `${blocks.join('\n\n')}\n`;
}

function renderRows(rows: EmailRow[]): string {
  const cells = rows
    .map((row) => {
      const weight = row.total ? 'font-weight:bold;border-top:1px solid #d0d5dd;' : '';
      const cell = `padding:6px 0;font-size:15px;line-height:22px;${weight}`;
      const picture = row.image
        ? `<img src="cid:${escapeHtml(row.image)}" width="48" height="48" alt="" style="display:inline-block;width:48px;height:48px;border-radius:6px;vertical-align:middle;margin-right:12px;">`
        : '';
      return `<tr><td class="text" style="${cell}">${picture}${escapeHtml(row.label)}</td><td class="text" style="${cell}text-align:right;white-space:nowrap;padding-left:16px;">${escapeHtml(row.value)}</td></tr>`;
    })
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;">${cells}</table>`;
}

function renderHtml(content: EmailContent): string {
  const action = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td class="button" style="border-radius:6px;background:#1e5bb8;">` +
      `<a href="${escapeHtml(content.action.url)}" class="button" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;background:#1e5bb8;">${escapeHtml(content.action.label)}</a>` +
      `</td></tr></table>` +
      `<p class="muted" style="margin:0 0 16px;font-size:13px;line-height:20px;color:#555e6b;">If the button does not work, copy this link into your browser:<br>` +
      `<a href="${escapeHtml(content.action.url)}" style="color:#1e5bb8;word-break:break-all;">${escapeHtml(content.action.url)}</a></p>`
    : '';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">',
    `<title>${escapeHtml(content.subject)}</title>`,
    // Clients that honour it switch to dark colours; the rest keep the light ones, readable either way.
    '<style>@media (prefers-color-scheme: dark){body,.page{background:#101418 !important;}.card{background:#1b2128 !important;border-color:#2c343d !important;}' +
      '.text,.brand{color:#e8ecf1 !important;}.muted{color:#a9b3bf !important;}.button{background:#4f8ff0 !important;color:#0b0f14 !important;}}</style>',
    '</head>',
    '<body style="margin:0;padding:0;background:#f2f4f7;">',
    '<table role="presentation" class="page" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f4f7;"><tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;">',
    `<tr><td class="brand" style="padding:0 4px 12px;font-family:Roboto,Arial,sans-serif;font-size:20px;font-weight:bold;color:#1e5bb8;">${BRAND}</td></tr>`,
    '<tr><td class="card text" style="background:#ffffff;border:1px solid #e1e5ea;border-radius:8px;padding:24px;font-family:Roboto,Arial,sans-serif;color:#1c2430;">',
    `<h1 class="text" style="margin:0 0 16px;font-size:22px;line-height:30px;color:#1c2430;">${escapeHtml(content.subject)}</h1>`,
    paragraphHtml(content.greeting),
    ...content.paragraphs.map(paragraphHtml),
    content.rows && content.rows.length > 0 ? renderRows(content.rows) : '',
    action,
    ...(content.after ?? []).map(paragraphHtml),
    '</td></tr>',
    `<tr><td class="muted" style="padding:12px 4px;font-family:Roboto,Arial,sans-serif;font-size:12px;color:#555e6b;">Sent by ${BRAND}. You get this email because of an action on your account.</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

/** One branded email with an HTML part and a plain-text part whose links stay whole. */
export function renderEmail(content: EmailContent): Omit<MailMessage, 'to'> {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}
