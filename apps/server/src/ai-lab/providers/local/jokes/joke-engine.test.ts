import { describe, expect, it } from 'vitest';
import { createJokeEngine, findTopic, JOKE_TOPICS, salientWord } from './joke-engine.js';

/** A repeatable random source, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

const topic = (name: string) => JOKE_TOPICS.find((candidate) => candidate.name === name)!.mentions;

/** Each question, and what a relevant reply must contain. */
const QUESTIONS: [string, RegExp][] = [
  ['Hello there!', topic('greeting')],
  ['How are you today?', topic('how-are-you')],
  ['Who are you?', topic('identity')],
  ['Tell me a joke', topic('joke')],
  ['Tell me a joke about cats', topic('cats')],
  ['Why does my dog bark at the mailman?', topic('dogs')],
  ['What will the weather be like tomorrow? Is it going to rain?', topic('weather')],
  ['Should I drink coffee or tea in the morning?', topic('coffee')],
  ['Is pizza a healthy breakfast?', /pizza/i],
  ["I'm hungry, what should I cook for dinner?", topic('meals')],
  ['Why am I always so tired?', topic('sleep')],
  ['My boss scheduled another meeting on Monday', topic('work')],
  ['Should I invest my money in bitcoin?', topic('money')],
  ['What is the stock price of AAPL?', /AAPL/],
  ['How do I tell my crush that I love them?', topic('love')],
  ['Can you do my homework for school?', topic('school')],
  ['Should I see a doctor about my headache?', topic('health')],
  ["It's my birthday, any party ideas?", topic('birthday')],
  ["What's your favourite colour?", topic('colour')],
  ['What is the meaning of life?', topic('life')],
  ['What is 12 * 7?', /84/],
  ['What is 2 plus 2', /\b4\b/],
  ['What is 10 / 0?', /zero/i],
  ['What time is it?', /\d{2}:\d{2}/],
  ['Why do penguins live in the cold?', /penguin/i],
  ['Why is the ocean salty?', topic('ocean')],
  ['How often should I water my plants?', topic('plants')],
  ['Is there life on Mars?', topic('space')],
  ['Explain quantum physics simply', topic('science')],
  ['I hate algebra, why do we need math?', topic('math')],
  ['Why does my JavaScript code have so many bugs?', topic('programming')],
  ['My wifi keeps disconnecting', topic('computers')],
  ['Will robots take over the world?', topic('ai')],
  ['Recommend me a song for my playlist', topic('music')],
  ['How do I get better at football?', topic('sport')],
  ['Is chess a good game for kids?', topic('games')],
  ['What movie should I watch tonight?', topic('movies')],
  ['Can you recommend a good book?', topic('books')],
  ['Why did the dinosaurs disappear?', topic('history')],
  ['I feel so sad and bored today', topic('mood')],
  ['How does a vaccine work?', /vaccine/i],
  ['Where should I travel on holiday this summer?', topic('travel')],
  ['Why is traffic so bad in my city?', topic('cars')],
  ['What do you think about bureaucracy?', /bureaucracy/i],
  ['Thanks a lot!', topic('thanks')],
  ['Goodbye, see you later', topic('goodbye')],
  ['Why?', /\w/],
];

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean).length;

describe('the joke engine', () => {
  it('answers every question of its test set on topic, briefly', () => {
    const engine = createJokeEngine({ random: seeded(7) });
    const problems: string[] = [];
    for (const [question, relevant] of QUESTIONS) {
      for (let round = 0; round < 5; round += 1) {
        const reply = engine.reply(question);
        if (!relevant.test(reply)) problems.push(`off topic: ${question} -> ${reply}`);
        if (sentences(reply) > 5 || reply.length > 320) problems.push(`too long: ${reply}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('never gives the same reply twice in a row, and varies', () => {
    for (const seed of [1, 2, 3]) {
      const engine = createJokeEngine({ random: seeded(seed) });
      for (const [question] of QUESTIONS) {
        const replies = Array.from({ length: 12 }, () => engine.reply(question));
        replies.slice(1).forEach((reply, index) => expect(reply, question).not.toBe(replies[index]));
        expect(new Set(replies).size, question).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('keeps every reply of a topic on its subject', () => {
    for (const jokeTopic of JOKE_TOPICS) expect(jokeTopic.replies.length, jokeTopic.name).toBeGreaterThanOrEqual(4);
    const offTopic = JOKE_TOPICS.flatMap((jokeTopic) =>
      jokeTopic.replies.filter((reply) => !jokeTopic.mentions.test(reply)).map((reply) => `${jokeTopic.name}: ${reply}`),
    );
    expect(offTopic).toEqual([]);
  });

  it('prefers the subject of a question to small talk, and does not mistake contractions', () => {
    expect(findTopic('hi! tell me a joke about the moon')?.topic.name).toBe('space');
    expect(findTopic("I'll be there")).toBeUndefined();
    expect(findTopic('Happy birthday to me')?.topic.name).toBe('birthday');
    expect(salientWord('What do you think about bureaucracy?')).toBe('bureaucracy');
    expect(salientWord('why is it so?')).toBeUndefined();
  });

  it('describes attached pictures from their measurements', () => {
    const engine = createJokeEngine({ random: seeded(3) });
    const beach = { width: 800, height: 600, brightness: 0.78, colours: ['blue', 'yellow'] };
    const night = { width: 300, height: 900, brightness: 0.1, colours: ['black', 'purple'] };
    const one = engine.reply('What is in this picture?', [beach]);
    expect(one).toMatch(/800×600/);
    expect(one).toMatch(/blue and yellow/);
    expect(one).toMatch(/bright/);
    const two = engine.reply('Describe these', [beach, night]);
    expect(two).toMatch(/2 pictures/);
    expect(two).toMatch(/very dark and mostly black and purple/);
    const articles = new Set(
      Array.from({ length: 12 }, () => engine.reply('What is this?', [beach])).map(
        (reply) => reply.match(/\b(an?) 800×600/)?.[1],
      ),
    );
    expect(articles.has('a')).toBe(false);
    const withSubject = engine.reply('Is this cat cute?', [beach]);
    expect(withSubject).toMatch(/800×600/);
    expect(sentences(withSubject)).toBeLessThanOrEqual(5);
  });
});

describe('a picture and a question together', () => {
  const photo = { width: 640, height: 480, brightness: 0.5, colours: ['green'] };

  it.each([
    ['Is this cat cute?', /cat|kitten|meow|purr|feline/i],
    ['Can you translate the sign on this bureaucracy form?', /bureaucracy/],
    ['What is 6 * 7 in this photo?', /42/],
  ])('answers both the picture and %j', (question, subject) => {
    const engine = createJokeEngine({ random: seeded(5) });
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const reply = engine.reply(question, [photo]);
      expect(reply).toMatch(/640×480/);
      expect(reply).toMatch(subject);
    }
  });
});
