import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { FeedPage, Post, ProfilePostsPage } from '@portal/contracts';
import { adjustPostsCount, prependPost, updateListedPost } from './post-cache';
import { feedKey, profilePostsKey } from './query-keys';

const profile = {
  id: 1,
  first_name: 'Ana',
  last_name: 'Lima',
  username: 'ana',
  email: 'a@x.io',
  slug: 'ana-lima',
  avatar_url: null,
  friends_count: 0,
  posts_count: 1,
  full_name: 'Ana Lima',
  bio: '',
  header_url: null,
  blocked: false,
  muted: false,
};
const post = (id: string): Post => ({
  id,
  body: id,
  is_private: false,
  likes_count: 0,
  comments_count: 0,
  created_by: profile,
  created_at_formatted: '0 minutes',
  created_at: '2026-01-01T00:00:00.000Z',
  attachments: [],
  liked: false,
  content_warning: null,
  edited_at: null,
  bookmarked: false,
});
const pages = <T>(page: T): InfiniteData<T, string> => ({ pages: [page], pageParams: [''] });

describe('post caches (spec §4)', () => {
  it('put a new post on top of the feed and its author page, and raise posts_count', () => {
    const client = new QueryClient();
    client.setQueryData(feedKey(), pages<FeedPage>({ count: 1, next: null, previous: null, results: { posts: [post('old')] } }));
    client.setQueryData(
      profilePostsKey('ana-lima'),
      pages<ProfilePostsPage>({
        count: 1,
        next: null,
        previous: null,
        results: { posts: [post('old')], profile, can_send_friendship_request: true },
      }),
    );
    prependPost(client, post('new'));
    adjustPostsCount(client, 'ana-lima', 1);
    const feed = client.getQueryData<InfiniteData<FeedPage>>(feedKey())!;
    expect(feed.pages[0]!.results.posts.map((item) => item.id)).toEqual(['new', 'old']);
    const own = client.getQueryData<InfiniteData<ProfilePostsPage>>(profilePostsKey('ana-lima'))!;
    expect(own.pages[0]!.results.posts.map((item) => item.id)).toEqual(['new', 'old']);
    expect(own.pages[0]!.results.profile.posts_count).toBe(2);

    updateListedPost(client, 'old', () => null);
    adjustPostsCount(client, 'ana-lima', -1);
    expect(client.getQueryData<InfiniteData<FeedPage>>(feedKey())!.pages[0]!.results.posts.map((item) => item.id)).toEqual([
      'new',
    ]);
    expect(
      client.getQueryData<InfiniteData<ProfilePostsPage>>(profilePostsKey('ana-lima'))!.pages[0]!.results.profile.posts_count,
    ).toBe(1);

    updateListedPost(client, 'new', (item) => ({ ...item, likes_count: 5 }));
    expect(client.getQueryData<InfiniteData<FeedPage>>(feedKey())!.pages[0]!.results.posts[0]!.likes_count).toBe(5);
  });
});
