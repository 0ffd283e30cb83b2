import type { AiProvider, ChatEngine } from '../ai-provider.js';
import { documentReply } from './documents/document-reply.js';
import { followInstructions } from './instructions/follow-instructions.js';
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
  const chat: ChatEngine = {
    engine: 'local',
    model: null,
    async *stream({ question, pictures, signal, instructions, documents = [] }) {
      const facts = await Promise.all(pictures.map((picture) => measurePicture(picture.data)));
      const reply = documents.length > 0 ? documentReply(documents, facts, question) : jokes.reply(question, facts);
      yield* streamWords(followInstructions(reply, instructions), streamDelayMs, signal);
    },
  };
  return {
    chat,
    localChat: chat,
    transcription: { engine: 'local', model: null },
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
