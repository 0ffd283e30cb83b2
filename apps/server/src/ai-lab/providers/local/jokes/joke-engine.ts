import { EVERYDAY_TOPICS } from './everyday-topics.js';
import type { JokeTopic } from './joke-topic.js';
import { PICTURE_QUESTION, pictureLines, pictureQuips, type PictureFacts } from './picture-replies.js';
import { arithmeticReplies, stockReplies, timeReplies } from './special-replies.js';
import { WORLD_TOPICS } from './world-topics.js';

export type { PictureFacts } from './picture-replies.js';

export const JOKE_TOPICS: JokeTopic[] = [...EVERYDAY_TOPICS, ...WORLD_TOPICS];
const TOPIC_WORDS = new Map(JOKE_TOPICS.map((topic) => [topic, new Set(topic.words.split(/\s+/).filter(Boolean))]));

const STOPWORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between both
  but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each explain few for from
  further get gets got give had hadn't has hasn't have haven't having he her here hers herself him himself his how i i'd
  i'll i'm i've if in into is isn't it it's its itself just know let's like make me more most much my myself need no nor
  not now of off on once only or other ought our ours ourselves out over own please really same say shall she should
  shouldn't so some something tell than that that's the their theirs them themselves then there there's these they
  thing things think this those through to too under until up very want was wasn't we were weren't what what's when
  where which while who who's whom why why's will with won't would wouldn't you you'd you'll you're you've your yours
  yourself yourselves also ever anything everything best good better well okay ok yes hey`.split(/\s+/),
);

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

/** Words of a question, lower case, apostrophes kept inside words ("i'll" is not "ill"). */
export function wordsOf(question: string): string[] {
  return (question.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []).map((word) => word.replace(/’/g, "'"));
}

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
    // With pictures, describe them first; then joke about the subject, or about the picture itself.
    const aboutPicture = !special && (!found || found.topic.smallTalk || PICTURE_QUESTION.test(question));
    const seconds = aboutPicture ? pictureQuips(pictures) : answers;
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
