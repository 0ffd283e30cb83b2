import OpenAI, { toFile } from 'openai';
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import type { SessionCreateParams } from 'openai/resources/beta/realtime/sessions';
import { loadSharp } from '../../core/images/sharp.js';
import { realtimeTokenSchema } from '@portal/contracts';
import type { AiConfig } from '../../core/config.js';
import {
  ProviderError,
  type AiProvider,
  type ChatEngine,
  type ChatPicture,
  type ImageEngine,
  type RealtimeEngine,
  type ListedModel,
  type SpeechEngine,
  type TranscriptionEngine,
} from './ai-provider.js';
import { openRealtimeRelay } from './openai-realtime.js';
import { isAbort, toProviderError } from './provider-errors.js';
import { systemMessage } from './system-message.js';

/** The largest picture the server fetches when a provider answers with a URL instead of the bytes. */
const MAX_DOWNLOAD_BYTES = 25 * 1024 * 1024;

/**
 * Local servers (Ollama, LM Studio, vLLM) read pictures only as inline base64 data, never from a URL;
 * JPEG is the one format every vision model accepts.
 */
async function pictureDataUrl(picture: ChatPicture): Promise<string> {
  const sharp = await loadSharp();
  const jpeg = await sharp(picture.data)
    .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

async function download(url: string, signal: AbortSignal): Promise<Buffer> {
  if (!/^https?:\/\//.test(url)) throw new ProviderError('The AI provider sent a picture address the server cannot fetch.');
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body)
    throw new ProviderError(`The AI provider's picture could not be fetched (${response.status}).`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > MAX_DOWNLOAD_BYTES) throw new ProviderError('The AI provider sent a picture that is too large.');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * Any OpenAI-compatible API (OpenAI, Ollama, vLLM, LM Studio) through the official SDK. A feature
 * whose model is set to `local` keeps the built-in engine, for servers that lack it (Ollama has no
 * image or speech API).
 */
export function createOpenAiCompatibleProvider(
  ai: AiConfig & { provider: NonNullable<AiConfig['provider']> },
  local: AiProvider,
): AiProvider {
  const client = new OpenAI({
    baseURL: ai.provider.baseUrl,
    // Local servers need no key, but the SDK insists on one.
    apiKey: ai.provider.apiKey ?? 'no-key',
    timeout: ai.timeoutMs,
    maxRetries: 1,
  });

  const chat: ChatEngine = {
    engine: 'provider',
    model: ai.chatModel,
    async *stream({ question, history = [], pictures, signal, model = ai.chatModel, instructions, documents }) {
      const content: string | ChatCompletionContentPart[] =
        pictures.length === 0
          ? question
          : [
              { type: 'text', text: question },
              ...(await Promise.all(
                pictures.map(async (picture) => ({
                  type: 'image_url' as const,
                  image_url: { url: await pictureDataUrl(picture), detail: 'low' as const },
                })),
              )),
            ];
      try {
        const stream = await client.chat.completions.create(
          {
            model,
            stream: true,
            messages: [
              { role: 'system', content: systemMessage({ instructions, documents }) },
              ...history.map((turn) => ({ role: turn.role, content: turn.content })),
              { role: 'user', content },
            ],
          },
          { signal },
        );
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content;
          if (delta) yield delta;
        }
      } catch (error) {
        if (isAbort(error, signal)) return;
        throw toProviderError(error, 'answer');
      }
    },
  };

  const image: ImageEngine = {
    engine: 'provider',
    model: ai.imageModel,
    async generate(prompt, signal) {
      try {
        const result = await client.images.generate(
          {
            model: ai.imageModel,
            prompt,
            n: 1,
            size: '1024x1024',
            // DALL·E models answer a URL unless asked; GPT image models always send the bytes and refuse the option.
            ...(/^dall-e/i.test(ai.imageModel) ? { response_format: 'b64_json' as const } : {}),
          },
          { signal },
        );
        const first = result.data?.[0];
        if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
        if (first?.url) return await download(first.url, signal);
        throw new ProviderError('The AI provider sent no picture.');
      } catch (error) {
        throw toProviderError(error, 'draw a picture');
      }
    },
  };

  const speech: SpeechEngine = {
    engine: 'provider',
    model: ai.ttsModel,
    async speak(text, signal) {
      try {
        const response = await client.audio.speech.create(
          { model: ai.ttsModel, voice: ai.ttsVoice, input: text, response_format: 'mp3' },
          { signal },
        );
        const data = Buffer.from(await response.arrayBuffer());
        if (data.length === 0) throw new ProviderError('The AI provider sent no audio.');
        return { data, extension: 'mp3', contentType: 'audio/mpeg' };
      } catch (error) {
        throw toProviderError(error, 'speak');
      }
    },
  };

  const realtime: RealtimeEngine = {
    engine: 'provider',
    model: ai.realtimeModel,
    open: (handlers) => openRealtimeRelay({ ...ai.provider, model: ai.realtimeModel, timeoutMs: ai.timeoutMs }, handlers),
    async mintToken(signal) {
      try {
        const session = await client.beta.realtime.sessions.create(
          { model: ai.realtimeModel as SessionCreateParams['model'], voice: 'alloy' },
          { signal },
        );
        const parsed = realtimeTokenSchema.safeParse(session);
        if (!parsed.success) throw new ProviderError('The AI provider sent a realtime session without a token.');
        return parsed.data;
      } catch (error) {
        throw toProviderError(error, 'open a realtime session');
      }
    },
  };

  const transcription: TranscriptionEngine = {
    engine: 'provider',
    model: ai.transcriptionModel,
    async transcribe(recording, signal) {
      try {
        const file = await toFile(recording.data, recording.filename, { type: recording.contentType });
        const result = await client.audio.transcriptions.create({ file, model: ai.transcriptionModel }, { signal });
        return result.text;
      } catch (error) {
        throw toProviderError(error, 'transcribe the recording');
      }
    },
  };

  /** The provider's `/models` list, with the context length that OpenRouter, vLLM or LM Studio add to it. */
  async function listModels(signal: AbortSignal): Promise<ListedModel[]> {
    const models: ListedModel[] = [];
    try {
      for await (const model of client.models.list({ signal })) {
        const extra = model as unknown as Record<string, unknown>;
        const context = [extra.context_length, extra.max_model_len, extra.context_window].find(
          (value): value is number => typeof value === 'number' && value > 0,
        );
        models.push({ id: model.id, ...(context ? { contextTokens: context } : {}) });
      }
    } catch (error) {
      throw toProviderError(error, 'list its models');
    }
    return models;
  }

  const keepLocal = (model: string) => model === 'local';
  return {
    chat: keepLocal(ai.chatModel) ? local.chat : chat,
    localChat: local.chat,
    image: keepLocal(ai.imageModel) ? local.image : image,
    speech: keepLocal(ai.ttsModel) ? local.speech : speech,
    realtime: keepLocal(ai.realtimeModel) ? local.realtime : realtime,
    transcription: keepLocal(ai.transcriptionModel) ? local.transcription : transcription,
    listModels,
    close: () => local.close(),
  };
}
