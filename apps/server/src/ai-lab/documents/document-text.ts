import { Invalid } from '../../core/domain-errors.js';

/** A PDF says so in its first kilobyte (`%PDF-`), whatever its name. */
export const isPdf = (data: Buffer) => data.subarray(0, 1024).includes('%PDF-');

/**
 * The text of a plain text, Markdown or CSV file: UTF-8 (its byte-order mark dropped), or
 * Windows-1252 as spreadsheets often write it. A file with NUL bytes is not text.
 */
export function decodeText(data: Buffer): string {
  if (data.includes(0)) throw new Invalid('This file is not text: attach a PDF, .txt, .md or .csv file.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  return text.replace(/\r\n?/g, '\n');
}
