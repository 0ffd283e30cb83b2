// Kept apart from ai-lab.ts and ai-lab-history.ts, whose zod schemas cannot be tree-shaken: the web's
// prompt form, picture picker and error messages read these, and importing them must not bring zod into
// the AI lab's first view (scripts/bundle-sizes.mjs measures it).

/** Limits of the AI lab's requests (they cost money when a provider is configured). */
export const AI_LAB_LIMITS = {
  promptMaxLength: 500,
  maxPromptImages: 4,
  maxImageBytes: 20 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** Spec §8: every AI lab failure is shown as the server's message followed by this sentence. */
export const AI_LAB_ERROR_SUFFIX = ' Please contact the site administrator if the issue persists.';

/** Longest conversation title; a new conversation is titled with the start of its first question. */
export const AI_CONVERSATION_TITLE_MAX = 100;

/** The response header that names the conversation an answer was saved in (also on the streamed answer). */
export const AI_CONVERSATION_HEADER = 'x-conversation-id';
