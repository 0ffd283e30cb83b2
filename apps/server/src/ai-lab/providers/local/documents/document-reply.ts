import type { ChatDocument } from '../../ai-provider.js';
import { salientWord } from '../jokes/joke-engine.js';
import { pictureLines, type PictureFacts } from '../jokes/picture-replies.js';

const number = (value: number) => value.toLocaleString('en');
const plural = (count: number, word: string) => `${number(count)} ${word}${count === 1 ? '' : 's'}`;

function wordList(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
}

function about(document: ChatDocument): string {
  const { facts } = document;
  const titled = facts.title !== document.name ? ` is titled “${facts.title}”:` : ':';
  const sentences = [
    `“${document.name}”${titled} ${plural(document.pages, 'page')}, ${plural(document.characters, 'character')}, about ${plural(facts.words, 'word')}.`,
  ];
  if (facts.firstSentence) sentences.push(`It begins: “${facts.firstSentence}”`);
  if (facts.topWords.length > 0) sentences.push(`The words it uses most: ${wordList(facts.topWords)}.`);
  return sentences.join(' ');
}

/** How often the word the question is about comes up in the documents (what they are given of them). */
function questionWord(question: string, documents: ChatDocument[]): string | undefined {
  const word = salientWord(question);
  if (!word) return undefined;
  const pattern = new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'giu');
  const count = documents.reduce((sum, document) => sum + (document.text.match(pattern)?.length ?? 0), 0);
  return count > 0
    ? `You asked about “${word}”: it comes up ${count === 1 ? 'once' : `${number(count)} times`} in ${documents.length === 1 ? 'it' : 'them'}.`
    : `You asked about “${word}”, which ${documents.length === 1 ? 'it does' : 'they do'} not mention.`;
}

/**
 * The built-in engine's answer about attached documents: honest that it cannot read them as a model
 * would, it says what it measured (title, length, first sentence, most frequent words), how often the
 * question's subject comes up, and describes pictures sent with them.
 */
export function documentReply(documents: ChatDocument[], pictures: PictureFacts[], question: string): string {
  const parts = ["I'm the built-in engine, so I can't read like a real model, but I measured what you attached."];
  if (pictures.length > 0) parts.push(pictureLines(pictures)[0]!);
  parts.push(...documents.map(about));
  const asked = questionWord(question, documents);
  if (asked) parts.push(asked);
  return parts.join(' ');
}
