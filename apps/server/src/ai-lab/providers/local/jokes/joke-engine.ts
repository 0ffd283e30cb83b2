import { EVERYDAY_TOPICS } from './everyday-topics.js';
import type { JokeTopic } from './joke-topic.js';
import { PICTURE_QUESTION, pictureLines, pictureQuips, type PictureFacts } from './picture-replies.js';
import { arithmeticReplies, stockReplies, timeReplies } from './special-replies.js';
import { WORLD_TOPICS } from './world-topics.js';
import { STOPWORDS, wordsOf } from '../../../documents/words.js';

export type { PictureFacts } from './picture-replies.js';

export const JOKE_TOPICS: JokeTopic[] = [...EVERYDAY_TOPICS, ...WORLD_TOPICS];
const TOPIC_WORDS = new Map(JOKE_TOPICS.map((topic) => [topic, new Set(topic.words.split(/\s+/).filter(Boolean))]));

const FALLBACK = [
  'Ah, “{word}”. I asked my circuits about it and they started humming. My best guess: it matters, and somebody is overthinking it.',
  "Great question about “{word}”! The local joke engine's official position: it is 40% fascinating, 60% mysterious and 100% not my fault.",
  'I looked up “{word}” in my joke book. The page was missing, so here is my expert opinion: it depends, and snacks help.',
  "“{word}”? Bold topic. If I knew more about it, I'd charge consulting fees.",
  "Everyone nods when “{word}” comes up and nobody explains it. I'm nodding right now, very convincingly.",
];

const GENERIC = [
  'Because the universe needed one more question, and I needed one more joke.',
  "That's a deep one. I'd answer properly, but I'm a joke engine and today is my day off from facts.",
  "Good question! I'll answer it right after I finish laughing at my own last joke.",
  'My joke book is silent on this, which has never happened before. Well, it happens a lot.',
];

const singular = (word: string) => (word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.replace(/(es|s)$/, ''));

/** The topic a question is about, and the word of the question that chose it. */
export function findTopic(question: string): { topic: JokeTopic; word: string } | undefined {
  const words = wordsOf(question);
  let best: { topic: JokeTopic; word: string; score: number } | undefined;
  for (const topic of JOKE_TOPICS) {
    const vocabulary = TOPIC_WORDS.get(topic)!;
    let score = 0;
    let word = '';
    for (const candidate of words) {
      if (vocabulary.has(candidate) || vocabulary.has(singular(candidate))) {
        score += 1;
        word ||= candidate;
      }
    }
    for (const pattern of topic.phrases ?? []) if (pattern.test(question.toLowerCase())) score += 2;
    score *= topic.weight ?? 1;
    if (score > 0 && (!best || score > best.score)) best = { topic, word: word || topic.name, score };
  }
  return best && { topic: best.topic, word: best.word };
}

/** The word a question is most about when no topic matches: its longest word that is not a stopword. */
export function salientWord(question: string): string | undefined {
  const candidates = wordsOf(question).filter((word) => word.length >= 3 && !STOPWORDS.has(word) && !/^\d+$/.test(word));
  return candidates.reduce<string | undefined>((best, word) => (!best || word.length >= best.length ? word : best), undefined);
}

const fill = (template: string, word: string) => template.replaceAll('{word}', word);
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Funny Chat's local engine: short, on-topic, joking answers, with real answers where it can give
 * them (sums, the time) and a description of attached pictures from what it measured. It never
 * gives the same reply twice in a row.
 */
export function createJokeEngine(options: { random?: () => number; now?: () => Date } = {}) {
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const recent: string[] = [];

  function candidatesFor(question: string, pictures: PictureFacts[]): string[] {
    const special = arithmeticReplies(question) ?? timeReplies(question, now()) ?? stockReplies(question);
    const found = findTopic(question);
    const word = salientWord(question);
    const answers =
      special ??
      (found ? found.topic.replies.map((reply) => fill(reply, found.word)) : undefined) ??
      (word ? FALLBACK.map((reply) => fill(reply, word)) : GENERIC);
    if (pictures.length === 0) return answers;
    // With pictures, describe them first, then answer the question: its subject when it has one, a
    // quip about the picture only when the question is about the picture itself ("What is this?").
    const subject = special ?? (found && !found.topic.smallTalk) ?? (word !== undefined && !PICTURE_QUESTION.test(word));
    const seconds = subject ? answers : pictureQuips(pictures);
    return pictureLines(pictures).flatMap((line) => seconds.map((second) => `${line} ${capitalise(second)}`));
  }

  return {
    reply(question: string, pictures: PictureFacts[] = []): string {
      const candidates = candidatesFor(question.trim(), pictures).map(capitalise);
      let choices = candidates.filter((candidate) => !recent.includes(candidate));
      if (choices.length === 0) choices = candidates.filter((candidate) => candidate !== recent.at(-1));
      if (choices.length === 0) choices = candidates;
      const reply = choices[Math.floor(random() * choices.length)] ?? candidates[0]!;
      recent.push(reply);
      if (recent.length > 4) recent.shift();
      return reply;
    },
  };
}

export type JokeEngine = ReturnType<typeof createJokeEngine>;
