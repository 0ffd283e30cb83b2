import sharp from 'sharp';
import type { AiLabStatus } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { type DomainError, Invalid, NotFound, Unavailable, UpstreamFailed, UpstreamTimeout } from '../core/domain-errors.js';
import { createAiMediaRepository } from './ai-media.repository.js';
import type { AiCaller } from './ai-rate-limit.js';
import { storeGenerated } from './generated-media.js';
import { AI_MEDIA_FOLDERS, bareName, visionNameFromUrl } from './media-names.js';
import { ProviderError, type AiProvider, type ChatPicture, type ChatTurn } from './providers/ai-provider.js';

/** A provider failure as the domain error of its kind; anything else is thrown on. */
export function providerFailure(error: unknown): DomainError {
  if (!(error instanceof ProviderError)) throw error;
  if (error.failure === 'unavailable') return new Unavailable(error.message);
  if (error.failure === 'timeout') return new UpstreamTimeout(error.message);
  return new UpstreamFailed(error.message);
}

const notAvailable = () => new Invalid('A picture attached to the question is not available any more. Attach it again.');

/** Funny Chat, the image and voice generators, and downloads of generated pictures. */
export function createAiLabService(deps: Pick<Deps, 'db' | 'media'>, provider: AiProvider) {
  const { media } = deps;
  const repo = createAiMediaRepository(deps.db);

  return {
    status(): AiLabStatus {
      const info = ({ engine, model }: { engine: 'local' | 'provider'; model: string | null }) => ({ engine, model });
      return {
        chat: info(provider.chat),
        image: info(provider.image),
        voice: info(provider.speech),
        realtime: info(provider.realtime),
      };
    },

    /** The pictures of a question: uploads of this lab that the caller may use (their own, or anonymous ones). */
    async pictures(urls: string[], caller: AiCaller): Promise<ChatPicture[]> {
      return Promise.all(
        urls.map(async (url) => {
          const name = visionNameFromUrl(url);
          if (!name) throw notAvailable();
          const key = `${AI_MEDIA_FOLDERS.vision}/${name}`;
          const row = await repo.find(key, 'vision');
          if (!row || (row.accountId !== null && row.accountId !== caller.accountId)) throw notAvailable();
          const data = await media.get(key);
          if (!data) throw notAvailable();
          return { data };
        }),
      );
    },

    /** Funny Chat's answer, piece by piece (following the conversation so far, when there is one). */
    answer(question: string, pictures: ChatPicture[], signal: AbortSignal, history: ChatTurn[] = []): AsyncIterable<string> {
      return provider.chat.stream({ question, history, pictures, signal });
    },

    /** Draws the prompt and stores the picture as PNG; answers its absolute URL. */
    async generateImage(prompt: string, caller: AiCaller, signal: AbortSignal): Promise<string> {
      const drawn = await provider.image.generate(prompt, signal).catch((error: unknown) => {
        throw providerFailure(error);
      });
      let png: Buffer;
      try {
        png = await sharp(drawn, { limitInputPixels: 64_000_000 }).png().toBuffer();
      } catch {
        throw new UpstreamFailed('The AI provider sent something that is not a picture.');
      }
      const key = await storeGenerated(
        media,
        repo,
        { kind: 'image', prompt, data: png, extension: 'png', contentType: 'image/png' },
        caller.accountId,
      );
      return media.url(key);
    },

    /** Speaks the text and stores the audio; answers its absolute URL. */
    async generateVoice(text: string, caller: AiCaller, signal: AbortSignal): Promise<string> {
      const audio = await provider.speech.speak(text, signal).catch((error: unknown) => {
        throw providerFailure(error);
      });
      const key = await storeGenerated(media, repo, { kind: 'voice', prompt: text, ...audio }, caller.accountId);
      return media.url(key);
    },

    /**
     * A picture this lab generated, by its bare file name (contract §10.4). A picture made by a
     * signed-in person is theirs alone (issue 13, finding 8): anyone else is told it does not exist.
     */
    async generatedImage(filename: string, caller: AiCaller): Promise<{ name: string; data: Buffer }> {
      const name = bareName(filename);
      if (!name) throw new Invalid('Invalid filename.');
      const key = `${AI_MEDIA_FOLDERS.image}/${name}`;
      const row = await repo.find(key, 'image');
      const allowed = row !== undefined && (row.accountId === null || row.accountId === caller.accountId);
      const data = allowed ? await media.get(key) : undefined;
      if (!data) throw new NotFound('File not found.');
      return { name, data };
    },
  };
}

export type AiLabService = ReturnType<typeof createAiLabService>;
