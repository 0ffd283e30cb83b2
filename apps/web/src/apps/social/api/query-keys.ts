import type { QueryKey } from '@tanstack/react-query';
import { meKey } from '../../../shared/api/query-keys';

/** The social network's React Query keys: built only here (eslint refuses a literal key elsewhere). */

/** Every social query starts with this key. */
export const socialRootKey = ['social'] as const;

/** Every cached list of posts (feed, trend, profile, search) lives under this key. */
export const postListsKey = ['social', 'posts'] as const;
export const feedKey = (trend: string | null = null) => [...postListsKey, 'feed', trend] as const;
export const profilePostsKey = (slug: string) => [...postListsKey, 'profile', slug] as const;
export const searchKey = (query: string) => [...postListsKey, 'search', query] as const;

export const postKey = (id: string) => ['social', 'post', id] as const;
export const trendsKey = ['social', 'trends'] as const;
export const notificationsKey = ['social', 'notifications'] as const;
export const suggestionsKey = ['social', 'suggestions'] as const;

/** Every friends page starts with this key. */
export const friendsRootKey = ['social', 'friends'] as const;
export const friendsKey = (slug: string) => [...friendsRootKey, slug] as const;

export const conversationsKey = ['social', 'chat', 'list'] as const;
export const conversationKey = (id: string) => ['social', 'chat', 'conversation', id] as const;

/** Whether a query holds one person's social data: all social queries but their own profile (`meKey`). */
export const isPersonalSocialKey = (key: QueryKey) => key[0] === socialRootKey[0] && key[1] !== meKey[1];
