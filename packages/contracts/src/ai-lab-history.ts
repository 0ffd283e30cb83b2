import { z } from 'zod';
import { AI_CONVERSATION_TITLE_MAX } from './ai-lab-constants.js';

export { AI_CONVERSATION_HEADER, AI_CONVERSATION_TITLE_MAX } from './ai-lab-constants.js';

/** `GET /ai-lab/conversations/`: the caller's conversations, the most recently active first. */
export const aiConversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  updated_at: z.string(),
});
export type AiConversationSummary = z.infer<typeof aiConversationSummarySchema>;
export const aiConversationListSchema = z.array(aiConversationSummarySchema);

export const aiConversationMessageSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });
export type AiConversationMessage = z.infer<typeof aiConversationMessageSchema>;

/** `GET|PATCH|DELETE /ai-lab/conversations/{id}/`. */
export const aiConversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  messages: z.array(aiConversationMessageSchema),
});
export type AiConversation = z.infer<typeof aiConversationSchema>;

/** `PATCH /ai-lab/conversations/{id}/`: a new title. */
export const aiConversationRenameSchema = z.object({
  title: z
    .string({ error: (issue) => (issue.input === undefined ? 'This field is required.' : 'The title must be text.') })
    .trim()
    .min(1, { error: 'The title may not be blank.', abort: true })
    .max(AI_CONVERSATION_TITLE_MAX, { error: `The title is too long: at most ${AI_CONVERSATION_TITLE_MAX} characters.` }),
});
export type AiConversationRename = z.input<typeof aiConversationRenameSchema>;

/** `GET /ai-lab/gallery/`: the caller's generated pictures and voices, newest first. */
export const aiGalleryItemSchema = z.object({
  kind: z.enum(['image', 'voice']),
  url: z.string(),
  prompt: z.string(),
  created_at: z.string(),
});
export type AiGalleryItem = z.infer<typeof aiGalleryItemSchema>;
export const aiGallerySchema = z.array(aiGalleryItemSchema);
