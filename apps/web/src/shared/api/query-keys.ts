/**
 * React Query keys of the shell's own queries and of those several apps share. Every key is built
 * here, so a query and the invalidations that must reach it cannot drift apart; eslint refuses a
 * literal key anywhere else.
 */

/** Every query about the logged-in account starts with this key. */
export const accountKey = ['account'] as const;
/** Keyed by the login session, so a new login never shows the previous person's account. */
export const accountSessionKey = (session: string | null) => [...accountKey, session] as const;

/** The social profile of the logged-in person (the social app and the shell's profile menus). */
export const meKey = ['social', 'me'] as const;

export const portalSearchKey = (query: string) => ['portal-search', query] as const;
export const searchProductsKey = (query: string) => ['taberna', 'search', query] as const;
export const portalSettingsKey = ['portal-settings'] as const;
