import { z } from 'zod';
import { AI_LAB_LIMITS } from './ai-lab-constants.js';
import { modelField } from './ai-lab-history.js';

export { AI_LAB_ERROR_SUFFIX, AI_LAB_LIMITS, AI_LOCAL_CHAT_MODEL } from './ai-lab-constants.js';

const prompt = z
  .string({ error: (issue) => (issue.input === undefined ? 'Prompt is required.' : 'The prompt must be text.') })
  .trim()
  .min(1, { error: 'Prompt is required.', abort: true })
  .max(AI_LAB_LIMITS.promptMaxLength, {
    error: `The prompt is too long: at most ${AI_LAB_LIMITS.promptMaxLength} characters.`,
  });

/** Contract §10.1: the question and the URLs of pictures uploaded with §10.5. */
export const aiChatRequestSchema = z.object({
  question: prompt,
  prompt_images: z
    .array(z.string({ error: 'Each picture must be the URL of an uploaded picture.' }).max(500), {
      error: 'prompt_images must be a list of picture URLs.',
    })
    .max(AI_LAB_LIMITS.maxPromptImages, { error: `At most ${AI_LAB_LIMITS.maxPromptImages} pictures per question.` })
    .nullish()
    .transform((value) => value ?? []),
  /** The saved conversation to continue (logged-in callers); a new one is started when absent. */
  conversation_id: z.uuid({ error: 'conversation_id must be the id of one of your conversations.' }).nullish(),
  /**
   * Answer this question again in place of the conversation's last question (a new answer, or an
   * edited question when the text differs); the earlier one is kept as a version.
   */
  regenerate: z.boolean({ error: 'regenerate must be true or false.' }).optional(),
  /** A model from `GET /ai-lab/models/` (the conversation remembers it); the default when absent. */
  model: modelField.optional(),
  /** Documents from `POST /ai-lab/attachments/` to answer about. */
  attachment_ids: z
    .array(z.uuid({ error: 'Each attachment must be the id of an uploaded document.' }), {
      error: 'attachment_ids must be a list of document ids.',
    })
    .max(AI_LAB_LIMITS.maxAttachments, { error: `At most ${AI_LAB_LIMITS.maxAttachments} documents per question.` })
    .optional(),
});
export type AiChatRequest = z.input<typeof aiChatRequestSchema>;

/** Contract §10.2 and §10.3: the prompt is sent as `question`. */
export const aiPromptRequestSchema = z.object({ question: prompt });

/** `POST /ai-lab/conversations/{id}/messages/{messageId}/edit/`: the question asked again, differently. */
export const aiEditRequestSchema = z.object({ question: prompt, model: modelField.optional() });
export type AiEditRequest = z.input<typeof aiEditRequestSchema>;

/** Contract §10: every AI lab answer (and failure) carries `message`. */
export const aiMessageSchema = z.object({ message: z.string() });
export type AiMessage = z.infer<typeof aiMessageSchema>;

/** Contract §10.1's answer, plus the conversation it was saved in (logged-in callers only). */
export const aiChatAnswerSchema = aiMessageSchema.extend({ conversation_id: z.string().optional() });
export type AiChatAnswer = z.infer<typeof aiChatAnswerSchema>;

const filename = z
  .string({ error: (issue) => (issue.input === undefined ? 'Filename is required.' : 'The filename must be text.') })
  .min(1, { error: 'Filename is required.', abort: true })
  .max(200, { error: 'Invalid filename.' });

/** Contract §10.4 and §10.6: a bare file name, the last segment of a URL the lab returned. */
export const aiFilenameRequestSchema = z.object({ filename });

/** Contract §10.5. */
export const uploadedImagesSchema = z.object({ uploaded_images: z.array(z.string()) });
export type UploadedImages = z.infer<typeof uploadedImagesSchema>;

/** Contract §10.7: the provider's session, passed on; the client reads `client_secret.value`. */
export const realtimeTokenSchema = z.looseObject({
  client_secret: z.object({ value: z.string(), expires_at: z.number() }),
});
export type RealtimeToken = z.infer<typeof realtimeTokenSchema>;

/** Which engine answers each feature: the built-in local ones, or the configured provider's model. */
export const aiEngineSchema = z.object({ engine: z.enum(['local', 'provider']), model: z.string().nullable() });
export const aiLabStatusSchema = z.object({
  chat: aiEngineSchema,
  image: aiEngineSchema,
  voice: aiEngineSchema,
  realtime: aiEngineSchema,
  /** Voice input through the server (`POST /ai-lab/transcriptions/`); `local` when it has none (the browser's own, if any). */
  transcription: aiEngineSchema,
});
export type AiLabStatus = z.infer<typeof aiLabStatusSchema>;

/** One event of the streamed chat (`POST /ai-lab/stream/`, server-sent events, one JSON per `data:`). */
export const aiChatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    message: z.string(),
    conversation_id: z.string().optional(),
    /** The saved question and answer (logged-in callers). */
    question_id: z.string().optional(),
    answer_id: z.string().optional(),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type AiChatStreamEvent = z.infer<typeof aiChatStreamEventSchema>;

export * from './ai-lab-history.js';
export * from './ai-lab-assistant.js';
export * from './ai-lab-realtime.js';
