/** The AI lab's React Query keys: built only here (eslint refuses a literal key elsewhere). */

/** Every query about conversations starts with this key, so one invalidation refreshes them all. */
export const conversationsKey = ['ai-lab', 'conversations'] as const;
/** The account's conversations, or this browser's when logged out: a cache entry each, and one per search. */
export const conversationListKey = (loggedIn: boolean, search = '') =>
  [...conversationsKey, loggedIn ? 'account' : 'browser', search] as const;

export const galleryKey = ['ai-lab', 'gallery'] as const;
export const aiStatusKey = ['ai-lab', 'status'] as const;
export const modelsKey = ['ai-lab', 'models'] as const;
export const aiSettingsKey = ['ai-lab', 'settings'] as const;
export const sharedConversationKey = (token: string) => ['ai-lab', 'shared', token] as const;
