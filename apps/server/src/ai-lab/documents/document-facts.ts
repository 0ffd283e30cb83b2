import { STOPWORDS, wordsOf } from './words.js';

/** What the built-in engine can say about a document, measured once when it is uploaded. */
export interface DocumentFacts {
  /** Its own title (a PDF's metadata, a Markdown heading, a text's first line), or its file name. */
  title: string;
  firstSentence: string;
  words: number;
  /** Its most frequent words that say something (no "the" or "and"), most frequent first. */
  topWords: string[];
}

const TOP_WORDS = 5;
const SENTENCE_LENGTH = 200;
/** Enough of a long text to find its frequent words, without counting all ten megabytes of it. */
const COUNTED_CHARACTERS = 500_000;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function shorten(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/** The first sentence of a text: up to its first full stop, question or exclamation mark (or its first line). */
export function firstSentenceOf(text: string): string {
  const start = oneLine(text.slice(0, 4000));
  const match = /^.*?[.!?](?=\s|$)/u.exec(start);
  return shorten(match ? match[0] : start, SENTENCE_LENGTH);
}

function titleOf(text: string, kind: 'pdf' | 'text', name: string, metadataTitle: string | undefined): string {
  if (metadataTitle?.trim()) return shorten(oneLine(metadataTitle), 120);
  if (kind === 'text') {
    const heading = /^\s*#{1,6}\s+(.+)$/m.exec(text.slice(0, 4000));
    if (heading) return shorten(oneLine(heading[1]!), 120);
  }
  return name;
}

/** Counts the words of a document and finds its title, first sentence and most frequent words. */
export function measureDocument(
  text: string,
  { kind, name, metadataTitle }: { kind: 'pdf' | 'text'; name: string; metadataTitle?: string | undefined },
): DocumentFacts {
  const counts = new Map<string, number>();
  let words = 0;
  for (const word of wordsOf(text.slice(0, COUNTED_CHARACTERS))) {
    words += 1;
    if (word.length < 3 || STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  if (text.length > COUNTED_CHARACTERS) words = Math.round((words * text.length) / COUNTED_CHARACTERS);
  const topWords = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_WORDS)
    .map(([word]) => word);
  const body = text.replace(/^\s*#{1,6}\s+.+$/m, '');
  return { title: titleOf(text, kind, name, metadataTitle), firstSentence: firstSentenceOf(body), words, topWords };
}
