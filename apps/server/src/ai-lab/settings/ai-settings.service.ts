import type { AiSettings } from '@portal/contracts';
import type { Deps } from '../../core/deps.js';
import type { ModelCatalogue } from '../models/model-catalogue.js';
import { createAiSettingsRepository } from './ai-settings.repository.js';

/** An account's instructions for every conversation, and the model new conversations start with. */
export function createAiSettingsService(deps: Pick<Deps, 'db'>, models: ModelCatalogue) {
  const repo = createAiSettingsRepository(deps.db);

  return {
    async get(accountId: number): Promise<AiSettings> {
      const row = await repo.find(accountId);
      return { system_prompt: row?.systemPrompt ?? '', model: row?.model ?? null };
    },

    /** Saves either or both; a model must be one the lab offers for chat (400 otherwise). */
    async update(accountId: number, change: { system_prompt?: string | undefined; model?: string | null | undefined }) {
      if (change.model) await models.chatModel(change.model);
      const row = await repo.save(accountId, {
        ...(change.system_prompt === undefined ? {} : { systemPrompt: change.system_prompt }),
        ...(change.model === undefined ? {} : { model: change.model }),
      });
      return { system_prompt: row.systemPrompt, model: row.model } satisfies AiSettings;
    },
  };
}

export type AiSettingsService = ReturnType<typeof createAiSettingsService>;
