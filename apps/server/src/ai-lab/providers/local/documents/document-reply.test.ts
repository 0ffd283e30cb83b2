import { describe, expect, it } from 'vitest';
import type { ChatDocument } from '../../ai-provider.js';
import { documentReply } from './document-reply.js';

const document: ChatDocument = {
  name: 'dragons.pdf',
  pages: 2,
  characters: 1234,
  text: 'Dragons guard castles. A dragon sleeps on gold. Dragons fly.',
  facts: {
    title: 'Dragon Report',
    firstSentence: 'Dragons guard castles.',
    words: 210,
    topWords: ['dragons', 'gold', 'castles'],
  },
};

describe('the built-in engine on an attached document', () => {
  it('is honest about being built in and says what it measured, and how often the question’s subject comes up', () => {
    expect(documentReply([document], [], 'What does it say about dragons?')).toBe(
      "I'm the built-in engine, so I can't read like a real model, but I measured what you attached. " +
        '“dragons.pdf” is titled “Dragon Report”: 2 pages, 1,234 characters, about 210 words. ' +
        'It begins: “Dragons guard castles.” The words it uses most: dragons, gold and castles. ' +
        'You asked about “dragons”: it comes up 2 times in it.',
    );
  });

  it('says when the subject is not in the document, and describes a picture sent with it', () => {
    const reply = documentReply([document], [{ width: 640, height: 480, brightness: 0.5, colours: ['blue'] }], 'Any unicorns?');
    expect(reply).toContain('I see a 640×480 landscape picture, mostly blue, and evenly lit.');
    expect(reply).toContain('You asked about “unicorns”, which it does not mention.');
  });
});
