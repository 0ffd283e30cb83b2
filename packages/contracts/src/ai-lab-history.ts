import { z } from 'zod';
import { AI_CONVERSATION_TITLE_MAX, AI_LAB_LIMITS } from './ai-lab-constants.js';

export { AI_CONVERSATION_HEADER, AI_CONVERSATION_TITLE_MAX } from './ai-lab-constants.js';

/** `GET /ai-lab/conversations/`: the caller's conversations, the most recently active first. */
export const aiConversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  updated_at: z.string(),
});
export type AiConversationSummary = z.infer<typeof aiConversationSummarySchema>;
export const aiConversationListSchema = z.array(aiConversationSummarySchema);

/**
 * `GET /ai-lab/conversations/?search=&limit=&before=`: titles and message text matching every word
 * (word beginnings), a page at a time; `before` is the id of the last conversation of the page before.
 */
export const aiConversationListQuerySchema = z.object({
  search: z.string().trim().max(100, { error: 'The search is too long: at most 100 characters.' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be between 1 and 200.' })
    .max(200, { error: 'limit must be between 1 and 200.' })
    .default(200),
  before: z.uuid({ error: 'before must be the id of a conversation.' }).optional(),
});
export type AiConversationListQuery = z.input<typeof aiConversationListQuerySchema>;

/** A message as a browser keeps it for a visitor without an account. */
export const aiConversationMessageSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });
export type AiConversationMessage = z.infer<typeof aiConversationMessageSchema>;

/** A document attached to a question: `POST /ai-lab/attachments/`'s answer, and on the question that used it. */
export const aiAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  pages: z.number().int(),
  characters: z.number().int(),
});
export type AiAttachment = z.infer<typeof aiAttachmentSchema>;

/**
 * A saved message. Edits and regenerations keep the earlier message: `versions` is how many there
 * are at this place of the conversation (its siblings and itself), `version` which one is shown (1-based).
 */
export const aiSavedMessageSchema = aiConversationMessageSchema.extend({
  id: z.string(),
  version: z.number().int(),
  versions: z.number().int(),
  attachments: z.array(aiAttachmentSchema),
  pictures: z.array(z.string()),
  /** The model that wrote an answer (null for questions). */
  model: z.string().nullable(),
});
export type AiSavedMessage = z.infer<typeof aiSavedMessageSchema>;

/** `GET|PATCH|DELETE /ai-lab/conversations/{id}/`: the branch shown, oldest message first. */
export const aiConversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  messages: z.array(aiSavedMessageSchema),
  /** The model chosen for it; null for the account's default. */
  model: z.string().nullable(),
  /** Its own instructions; null when it follows the account's. */
  system_prompt: z.string().nullable(),
  /** The address of its public read-only page while it is shared. */
  share_url: z.string().nullable(),
});
export type AiConversation = z.infer<typeof aiConversationSchema>;

const title = z
  .string({ error: (issue) => (issue.input === undefined ? 'This field is required.' : 'The title must be text.') })
  .trim()
  .min(1, { error: 'The title may not be blank.', abort: true })
  .max(AI_CONVERSATION_TITLE_MAX, { error: `The title is too long: at most ${AI_CONVERSATION_TITLE_MAX} characters.` });

/** Instructions given to the model (the account's, or one conversation's). */
export const systemPromptField = z
  .string({ error: 'The instructions must be text.' })
  .trim()
  .max(AI_LAB_LIMITS.systemPromptMaxLength, {
    error: `The instructions are too long: at most ${AI_LAB_LIMITS.systemPromptMaxLength} characters.`,
  });

/** A model id from `GET /ai-lab/models/` (the server checks that it is one). */
export const modelField = z.string({ error: 'model must be the id of a model.' }).trim().min(1).max(200, {
  error: 'model must be the id of a model.',
});

/** `PATCH /ai-lab/conversations/{id}/`: a new title. */
export const aiConversationRenameSchema = z.object({ title });
export type AiConversationRename = z.input<typeof aiConversationRenameSchema>;

/**
 * `PATCH /ai-lab/conversations/{id}/`: a new title, its own instructions (null: the account's again)
 * or its model (null: the default). Something must change; with nothing, the title is asked for.
 */
export const aiConversationUpdateSchema = z
  .object({
    title: title.optional(),
    system_prompt: systemPromptField.nullable().optional(),
    model: modelField.nullable().optional(),
  })
  .superRefine((value, context) => {
    if (value.title === undefined && value.system_prompt === undefined && value.model === undefined)
      context.addIssue({ code: 'custom', path: ['title'], message: 'This field is required.' });
  });
export type AiConversationUpdate = z.input<typeof aiConversationUpdateSchema>;

/** `GET /ai-lab/gallery/`: the caller's generated pictures and voices, newest first. */
export const aiGalleryItemSchema = z.object({
  kind: z.enum(['image', 'voice']),
  url: z.string(),
  prompt: z.string(),
  created_at: z.string(),
});
export type AiGalleryItem = z.infer<typeof aiGalleryItemSchema>;
export const aiGallerySchema = z.array(aiGalleryItemSchema);
