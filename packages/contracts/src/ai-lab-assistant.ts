import { z } from 'zod';
import { modelField, systemPromptField } from './ai-lab-history.js';

/** What a model can do: chat, read pictures, draw, speak or listen. */
export const AI_MODEL_CAPABILITIES = ['chat', 'vision', 'image', 'voice'] as const;
export type AiModelCapability = (typeof AI_MODEL_CAPABILITIES)[number];

/** `GET /ai-lab/models/`: the built-in engines, and the provider's models the lab can use. */
export const aiModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.enum(['local', 'openai-compatible']),
  capabilities: z.array(z.enum(AI_MODEL_CAPABILITIES)),
});
export type AiModel = z.infer<typeof aiModelSchema>;
export const aiModelListSchema = z.array(aiModelSchema);

/** `GET /ai-lab/settings/`: the account's instructions for every conversation and its default model (null: the server's). */
export const aiSettingsSchema = z.object({ system_prompt: z.string(), model: z.string().nullable() });
export type AiSettings = z.infer<typeof aiSettingsSchema>;

/** `PUT /ai-lab/settings/`: either or both; an empty text clears the instructions. */
export const aiSettingsUpdateSchema = z.object({
  system_prompt: systemPromptField.optional(),
  model: modelField.nullable().optional(),
});
export type AiSettingsUpdate = z.input<typeof aiSettingsUpdateSchema>;

/** `POST /ai-lab/conversations/{id}/messages/{messageId}/regenerate/`: another answer, by the same or another model. */
export const aiRegenerateRequestSchema = z.object({ model: modelField.optional() }).nullish();

/** `PUT /ai-lab/conversations/{id}/messages/{messageId}/version/`: which of a message's versions to show (1-based). */
export const aiVersionRequestSchema = z.object({
  version: z
    .number({ error: 'version must be a number.' })
    .int({ error: 'version must be a whole number.' })
    .min(1, { error: 'version must be at least 1.' }),
});
export type AiVersionRequest = z.infer<typeof aiVersionRequestSchema>;

/** `GET /ai-lab/conversations/{id}/export/?format=md|json`. */
export const aiExportQuerySchema = z.object({
  format: z.enum(['md', 'json'], { error: 'format must be md or json.' }).default('md'),
});

/** `POST /ai-lab/conversations/{id}/share/`: the address of the read-only page. */
export const aiShareSchema = z.object({ url: z.string() });
export type AiShare = z.infer<typeof aiShareSchema>;

/** `GET /ai-lab/shared-conversations/{token}/`: what the public page shows, and nothing else of the account. */
export const aiSharedConversationSchema = z.object({
  title: z.string(),
  first_name: z.string(),
  shared_at: z.string(),
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
});
export type AiSharedConversation = z.infer<typeof aiSharedConversationSchema>;

/** The public page of a shared conversation (a page of the web app, not an API path). */
export const AI_SHARED_PAGE_PATH = '/ai-lab/shared/';

/** `POST /ai-lab/transcriptions/`: what was said in the recording. */
export const aiTranscriptionSchema = z.object({ text: z.string() });
export type AiTranscription = z.infer<typeof aiTranscriptionSchema>;
