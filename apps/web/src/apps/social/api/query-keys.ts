import type { QueryKey } from '@tanstack/react-query';
import { meKey } from '../../../shared/api/query-keys';

/** The social network's React Query keys: built only here (eslint refuses a literal key elsewhere). */

/** Every social query starts with this key. */
export const socialRootKey = ['social'] as const;

/** Every cached list of posts (feed, trend, profile, search) lives under this key. */
export const postListsKey = ['social', 'posts'] as const;
/** The feed (your posts and your friends'), a trend's page, or (issue 27, `public`) everyone's public posts. */
export const feedKey = (trend: string | null = null, scope?: 'public') =>
  scope ? ([...postListsKey, 'feed', trend, scope] as const) : ([...postListsKey, 'feed', trend] as const);
/** Issue 27: the caller's bookmarks. */
export const bookmarksKey = [...postListsKey, 'bookmarks'] as const;
export const profilePostsKey = (slug: string) => [...postListsKey, 'profile', slug] as const;
export const searchKey = (query: string) => [...postListsKey, 'search', query] as const;

export const postKey = (id: string) => ['social', 'post', id] as const;
/** Issue 27: a post's versions. */
export const postHistoryKey = (id: string) => ['social', 'post', id, 'history'] as const;
export const trendsKey = ['social', 'trends'] as const;
export const notificationsKey = ['social', 'notifications'] as const;
/** Issue 27: one tab of the notifications page (under `notificationsKey`, so its invalidations reach it). */
export const notificationsOfKey = (type: string) => [...notificationsKey, 'type', type] as const;
/** Issue 27: the people the caller blocked or muted, and whom to mention as `@` is typed. */
export const relationsKey = (kind: 'block' | 'mute') => ['social', 'relations', kind] as const;
export const mentionSuggestionsKey = (query: string) => ['social', 'mention-suggestions', query] as const;
export const suggestionsKey = ['social', 'suggestions'] as const;

/** Every friends page starts with this key. */
export const friendsRootKey = ['social', 'friends'] as const;
export const friendsKey = (slug: string) => [...friendsRootKey, slug] as const;

export const conversationsKey = ['social', 'chat', 'list'] as const;
export const conversationKey = (id: string) => ['social', 'chat', 'conversation', id] as const;

/** Whether a query holds one person's social data: all social queries but their own profile (`meKey`). */
export const isPersonalSocialKey = (key: QueryKey) => key[0] === socialRootKey[0] && key[1] !== meKey[1];
