import { AI_LOCAL_CHAT_MODEL, type AiModel, type AiModelCapability } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AiConfig } from '../../core/config.js';
import { Invalid } from '../../core/domain-errors.js';
import type { AiProvider, ListedModel } from '../providers/ai-provider.js';
import { capabilitiesOf } from './model-capabilities.js';

/** The built-in engines: always there, with or without a provider. */
const BUILT_IN: AiModel[] = [
  { id: AI_LOCAL_CHAT_MODEL, name: 'Built-in joke engine', provider: 'local', capabilities: ['chat', 'vision'] },
  { id: 'local-sketcher', name: 'Built-in sketcher', provider: 'local', capabilities: ['image'] },
  { id: 'local-voice', name: 'Built-in voice (espeak-ng)', provider: 'local', capabilities: ['voice'] },
];

/** How long the provider's list is kept, and how soon a failed listing is tried again. */
const LIST_TTL_MS = 10 * 60_000;
const FAILED_TTL_MS = 60_000;

/** The model a question goes to: the built-in engine, or a provider's model with its context when known. */
export interface ChatModelChoice {
  id: string;
  local: boolean;
  contextTokens: number | undefined;
}

interface Listing {
  models: AiModel[];
  contexts: Map<string, number>;
  expiresAt: number;
}

/**
 * The models the lab offers (`GET /ai-lab/models/`): the built-in engines, and the provider's `/models`
 * list kept for ten minutes, limited to what the configured endpoints use (no image models when
 * pictures are drawn locally) and to models for APIs the lab calls. The configured models are always
 * there, so a provider without a list (or a failing one) still answers with them.
 */
export function createModelCatalogue({
  ai,
  provider,
  log,
  now = Date.now,
}: {
  ai: AiConfig;
  provider: AiProvider;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
}) {
  const remote = (model: string) => ai.provider !== undefined && model !== 'local';
  const usable = new Set<AiModelCapability>([
    ...(remote(ai.chatModel) ? (['chat', 'vision'] as const) : []),
    ...(remote(ai.imageModel) ? (['image'] as const) : []),
    ...([ai.ttsModel, ai.realtimeModel, ai.transcriptionModel].some(remote) ? (['voice'] as const) : []),
  ]);
  const defaultChat = remote(ai.chatModel) ? ai.chatModel : AI_LOCAL_CHAT_MODEL;
  const configured: [string, AiModelCapability[]][] = [
    [ai.chatModel, [...new Set<AiModelCapability>(['chat', ...capabilitiesOf(ai.chatModel)])]],
    [ai.imageModel, ['image']],
    [ai.ttsModel, ['voice']],
    [ai.realtimeModel, ['voice']],
    [ai.transcriptionModel, ['voice']],
  ];

  function assemble(listed: ListedModel[], expiresAt: number): Listing {
    const byId = new Map<string, AiModelCapability[]>();
    for (const model of listed) byId.set(model.id, capabilitiesOf(model.id));
    for (const [id, capabilities] of configured) {
      if (remote(id)) byId.set(id, [...new Set([...(byId.get(id) ?? []), ...capabilities])]);
    }
    const models = [...byId.entries()]
      .map(([id, capabilities]): AiModel => ({
        id,
        name: id,
        provider: 'openai-compatible',
        capabilities: capabilities.filter((capability) => usable.has(capability)),
      }))
      .filter((model) => model.capabilities.length > 0)
      .sort((a, b) => a.id.localeCompare(b.id));
    const contexts = new Map(listed.flatMap((model) => (model.contextTokens ? [[model.id, model.contextTokens] as const] : [])));
    return { models: [...BUILT_IN, ...models], contexts, expiresAt };
  }

  let listing: Listing | undefined;
  let pending: Promise<Listing> | undefined;

  async function fetchListing(): Promise<Listing> {
    if (!provider.listModels) return assemble([], Number.POSITIVE_INFINITY);
    try {
      const listed = await provider.listModels(AbortSignal.timeout(ai.timeoutMs));
      return assemble(listed, now() + LIST_TTL_MS);
    } catch (error) {
      log.warn({ err: error }, 'the AI provider did not list its models: offering the configured ones');
      return assemble([], now() + FAILED_TTL_MS);
    }
  }

  async function current(): Promise<Listing> {
    if (listing && listing.expiresAt > now()) return listing;
    pending ??= fetchListing().then((fresh) => {
      listing = fresh;
      pending = undefined;
      return fresh;
    });
    return pending;
  }

  async function choice(id: string): Promise<ChatModelChoice | undefined> {
    const { models, contexts } = await current();
    const model = models.find((candidate) => candidate.id === id && candidate.capabilities.includes('chat'));
    return model && { id: model.id, local: model.provider === 'local', contextTokens: contexts.get(model.id) };
  }

  return {
    defaultChat,
    list: async (): Promise<AiModel[]> => (await current()).models,

    /** A chat model the caller named: one of the list, or 400. */
    async chatModel(id: string): Promise<ChatModelChoice> {
      const found = await choice(id);
      if (!found) throw Invalid.fields({ model: [`Unknown model “${id.slice(0, 200)}”: choose one from GET /ai-lab/models/.`] });
      return found;
    },

    /** The first of the remembered choices that is still offered (a provider's list changes), else the default. */
    async firstKnown(ids: (string | null | undefined)[]): Promise<ChatModelChoice> {
      for (const id of ids) {
        const found = id ? await choice(id) : undefined;
        if (found) return found;
      }
      return (await choice(defaultChat)) ?? { id: AI_LOCAL_CHAT_MODEL, local: true, contextTokens: undefined };
    },
  };
}

export type ModelCatalogue = ReturnType<typeof createModelCatalogue>;
