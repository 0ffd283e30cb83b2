import { loadSharp } from '../core/images/sharp.js';
import type { AiLabStatus } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { type DomainError, Invalid, NotFound, Unavailable, UpstreamFailed, UpstreamTimeout } from '../core/domain-errors.js';
import { createAiMediaRepository } from './ai-media.repository.js';
import type { AiCaller } from './ai-rate-limit.js';
import { audioFormat } from './audio-format.js';
import { storeGenerated } from './generated-media.js';
import { AI_MEDIA_FOLDERS, bareName, visionNameFromUrl } from './media-names.js';
import { ProviderError, type AiProvider, type ChatPicture, type Recording } from './providers/ai-provider.js';

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
        transcription: info(provider.transcription),
      };
    },

    /**
     * The pictures of a question: uploads of this lab that the caller may use (their own, or anonymous
     * ones). A question asked again (edited, regenerated) goes without those deleted since (`skipMissing`).
     */
    async pictures(urls: string[], caller: AiCaller, { skipMissing = false } = {}): Promise<ChatPicture[]> {
      const found = await Promise.all(
        urls.map(async (url) => {
          const name = visionNameFromUrl(url);
          const key = name && `${AI_MEDIA_FOLDERS.vision}/${name}`;
          const row = key ? await repo.find(key, 'vision') : undefined;
          const usable = row && (row.accountId === null || row.accountId === caller.accountId);
          const data = usable && key ? await media.get(key) : undefined;
          if (!data && !skipMissing) throw notAvailable();
          return data && { data };
        }),
      );
      return found.filter((picture) => picture !== undefined);
    },

    /** Draws the prompt and stores the picture as PNG; answers its absolute URL. */
    async generateImage(prompt: string, caller: AiCaller, signal: AbortSignal): Promise<string> {
      const drawn = await provider.image.generate(prompt, signal).catch((error: unknown) => {
        throw providerFailure(error);
      });
      const sharp = await loadSharp();
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

    /** What was said in a recording (voice input), by the provider's speech-to-text model; 503 without one. */
    async transcribe(recording: Omit<Recording, 'contentType'>, signal: AbortSignal): Promise<string> {
      const { transcribe } = provider.transcription;
      if (!transcribe) throw new Unavailable('This server does not transcribe speech: use your browser’s voice input.');
      const format = audioFormat(recording.data);
      if (!format) throw new Invalid('This file is not a recording: send WebM, Ogg, MP4, WAV, FLAC or MP3 audio.');
      const filename = `recording.${format.extension}`;
      const text = await transcribe({ data: recording.data, filename, contentType: format.contentType }, signal).catch(
        (error: unknown) => {
          throw providerFailure(error);
        },
      );
      return text.trim();
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
