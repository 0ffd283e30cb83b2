/**
 * Hashtags, @mentions and links in post text, read the same way by the server (trends, `?trend=`,
 * mention notifications) and the web app (links to trend pages and profiles).
 *
 * A hashtag is `#` followed by Unicode letters, marks, digits or `_`, with at least one letter, not
 * glued to a preceding word character (`C#`, `a#b`), an entity (`&#39;`) or a path (`/#x`), and
 * never inside a URL. Tags are compared case-folded (NFC, lower case).
 */

export const MAX_HASHTAG_LENGTH = 64;

const URL_SOURCE = String.raw`(?:https?:\/\/|www\.)[^\s<>"']+`;
const TAG_SOURCE = String.raw`(?<![\p{L}\p{M}\p{N}_&#/])#([\p{L}\p{M}\p{N}_]+)`;
/**
 * A mention is `@` and a profile slug (ASCII letters and digits joined by single hyphens, as slugs
 * are made), not glued to a preceding word character (an email address), `@`, `/` or `.`.
 */
const MENTION_SOURCE = String.raw`(?<![\p{L}\p{M}\p{N}_@/.])@([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?![\p{L}\p{M}\p{N}_@])`;
/** The longest slug a mention can name (profile slugs are at most 120 characters). */
export const MAX_MENTION_LENGTH = 120;
const HAS_LETTER = /\p{L}/u;
const TAG_ONLY = /^[\p{L}\p{M}\p{N}_]+$/u;
// A URL's trailing punctuation belongs to the sentence, not to the link.
const URL_TRAILING = /[.,!?;:)\]}]+$/u;

export type PostTextToken =
  | { kind: 'text'; text: string }
  | { kind: 'tag'; text: string; tag: string }
  | { kind: 'mention'; text: string; slug: string }
  | { kind: 'link'; text: string; href: string };

/** The key a tag is stored and looked up by: NFC, lower case, no leading `#`. */
export function normalizeHashtag(raw: string): string {
  return raw.replace(/^#/, '').normalize('NFC').toLowerCase();
}

/** Whether a (normalized or raw) word is a valid hashtag without its `#`. */
export function isHashtag(word: string): boolean {
  return word.length > 0 && word.length <= MAX_HASHTAG_LENGTH && TAG_ONLY.test(word) && HAS_LETTER.test(word);
}

/** Splits post text into plain text, hashtags, mentions and links, in order; joining `text` gives the input back. */
export function tokenizePostText(text: string): PostTextToken[] {
  const tokens: PostTextToken[] = [];
  const pattern = new RegExp(`(${URL_SOURCE})|${TAG_SOURCE}|${MENTION_SOURCE}`, 'giu');
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = tokens.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else tokens.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (match[1] !== undefined) {
      const link = match[1].replace(URL_TRAILING, '');
      pushText(text.slice(last, start));
      const href = link.toLowerCase().startsWith('www.') ? `https://${link}` : link;
      tokens.push({ kind: 'link', text: link, href });
      last = start + link.length;
      continue;
    }
    if (match[3] !== undefined) {
      if (match[3].length > MAX_MENTION_LENGTH) continue;
      pushText(text.slice(last, start));
      tokens.push({ kind: 'mention', text: match[0], slug: match[3].toLowerCase() });
      last = start + match[0].length;
      continue;
    }
    const word = match[2] ?? '';
    if (!isHashtag(word)) continue;
    pushText(text.slice(last, start));
    tokens.push({ kind: 'tag', text: match[0], tag: normalizeHashtag(word) });
    last = start + match[0].length;
  }
  pushText(text.slice(last));
  return tokens;
}

/** The distinct hashtags of a text, normalized, in order of first appearance. */
export function parseHashtags(text: string | null | undefined): string[] {
  if (!text) return [];
  const tags = new Set<string>();
  for (const token of tokenizePostText(text)) if (token.kind === 'tag') tags.add(token.tag);
  return [...tags];
}

/** The distinct profile slugs a text mentions (`@slug`), lower case, in order of first appearance. */
export function parseMentions(text: string | null | undefined): string[] {
  if (!text) return [];
  const slugs = new Set<string>();
  for (const token of tokenizePostText(text)) if (token.kind === 'mention') slugs.add(token.slug);
  return [...slugs];
}
