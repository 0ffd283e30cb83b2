import { describe, expect, it } from 'vitest';
import { makePdf } from '../../../test/support/pdf-maker.js';
import { readPdfText } from './pdf-text.js';

const limits = { maxPages: 200, maxCharacters: 1_000_000 };

describe('reading the text of a PDF in a worker', () => {
  it('reads every page and the title', async () => {
    const pdf = makePdf(['Dragons guard the castle.\nThey sleep on gold.', 'Knights visit on Sundays.'], 'Dragon Report');
    expect(await readPdfText(pdf, limits)).toEqual({
      pages: 2,
      title: 'Dragon Report',
      text: 'Dragons guard the castle.\nThey sleep on gold.\n\nKnights visit on Sundays.',
    });
  });

  it('refuses too many pages before reading them', async () => {
    const pdf = makePdf(Array.from({ length: 5 }, (_, page) => `Page ${page + 1}`));
    await expect(readPdfText(pdf, { ...limits, maxPages: 4 })).rejects.toThrow(
      'This PDF has 5 pages: at most 4 can be attached.',
    );
  });

  it('refuses what is not a PDF, and stops a read that takes too long', async () => {
    await expect(readPdfText(Buffer.from('%PDF-1.4\nnot really'), limits)).rejects.toThrow(
      'This file could not be read as a PDF.',
    );
    await expect(readPdfText(makePdf(['Slow']), { ...limits, timeoutMs: 1 })).rejects.toThrow('This PDF took too long to read.');
  });
});
