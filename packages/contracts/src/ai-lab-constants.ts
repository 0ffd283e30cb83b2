// Kept apart from ai-lab.ts and ai-lab-history.ts, whose zod schemas cannot be tree-shaken: the web's
// prompt form, picture picker and error messages read these, and importing them must not bring zod into
// the AI lab's first view (scripts/bundle-sizes.mjs measures it).

/** Limits of the AI lab's requests (they cost money when a provider is configured). */
export const AI_LAB_LIMITS = {
  promptMaxLength: 500,
  maxPromptImages: 4,
  maxImageBytes: 20 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp'],
  /** Instructions for the model, per account or per conversation. */
  systemPromptMaxLength: 4000,
  /** Documents attached to one question. */
  maxAttachments: 4,
  maxDocumentBytes: 10 * 1024 * 1024,
  maxDocumentPages: 200,
  /** What the document picker offers; the server checks the content, not the name. */
  documentExtensions: ['.pdf', '.txt', '.md', '.csv'],
  documentTypes: ['application/pdf', 'text/plain', 'text/markdown', 'text/csv'],
  /** A recording sent for transcription (about ten minutes of compressed speech). */
  maxAudioBytes: 10 * 1024 * 1024,
} as const;

/** Spec §8: every AI lab failure is shown as the server's message followed by this sentence. */
export const AI_LAB_ERROR_SUFFIX = ' Please contact the site administrator if the issue persists.';

/** Longest conversation title; a new conversation is titled with the start of its first question. */
export const AI_CONVERSATION_TITLE_MAX = 100;

/** The response header that names the conversation an answer was saved in (also on the streamed answer). */
export const AI_CONVERSATION_HEADER = 'x-conversation-id';

/** The built-in chat engine's id in the model list (`AI_CHAT_MODEL=local` chooses it as the default). */
export const AI_LOCAL_CHAT_MODEL = 'local';
