import type { AiProvider } from '../ai-provider.js';
import { createJokeEngine } from './jokes/joke-engine.js';
import { createLocalRealtime } from './local-realtime.js';
import { measurePicture } from './pictures/picture-measure.js';
import { sketchPicture } from './sketch/sketch-engine.js';
import { Invalid } from '../../../core/domain-errors.js';
import { createEspeakEngine, speakableText } from './speech/espeak-engine.js';
import { streamWords } from './word-stream.js';

export interface LocalProviderOptions {
  /** Pause between streamed words, so answers arrive as they are "typed" (0 in tests). */
  streamDelayMs?: number;
}

/** The engines that need no network and no key: joke engine, sketcher, espeak-ng. */
export function createLocalProvider({ streamDelayMs = 35 }: LocalProviderOptions = {}): AiProvider {
  const jokes = createJokeEngine();
  const speech = createEspeakEngine();
  return {
    chat: {
      engine: 'local',
      model: null,
      async *stream({ question, pictures, signal }) {
        const facts = await Promise.all(pictures.map((picture) => measurePicture(picture.data)));
        yield* streamWords(jokes.reply(question, facts), streamDelayMs, signal);
      },
    },
    image: { engine: 'local', model: null, generate: (prompt) => sketchPicture(prompt) },
    speech: {
      engine: 'local',
      model: null,
      speak: async (text) => {
        // Only markup or control characters: the prompt is fine for the contract, but says nothing.
        if (!speakableText(text)) throw new Invalid('There is nothing to say in this text.');
        return { data: await speech.speak(text), extension: 'wav', contentType: 'audio/wav' };
      },
    },
    realtime: createLocalRealtime(jokes, streamDelayMs),
    close: () => speech.close(),
  };
}
