/** The AI lab's React Query keys: built only here (eslint refuses a literal key elsewhere). */

/** Every query about conversations starts with this key, so one invalidation refreshes them all. */
export const conversationsKey = ['ai-lab', 'conversations'] as const;
/** The account's conversations, or this browser's when logged out: a cache entry each. */
export const conversationListKey = (loggedIn: boolean) => [...conversationsKey, loggedIn ? 'account' : 'browser'] as const;

export const galleryKey = ['ai-lab', 'gallery'] as const;
export const aiStatusKey = ['ai-lab', 'status'] as const;
