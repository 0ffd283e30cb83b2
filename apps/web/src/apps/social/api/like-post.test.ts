import { describe, expect, it } from 'vitest';
import type { Post } from '@portal/contracts';
import { applyLikeAnswer } from './like-post';

const post = { id: 'p', likes_count: 3, liked: false } as Post;

describe('applyLikeAnswer', () => {
  it('counts a new like and marks it as yours', () => {
    expect(applyLikeAnswer(post, 'like created')).toMatchObject({ liked: true, likes_count: 4 });
  });

  it('takes a like back', () => {
    expect(applyLikeAnswer({ ...post, liked: true }, 'like removed')).toMatchObject({ liked: false, likes_count: 2 });
  });

  it('only corrects the pressed state when nothing changed on the server', () => {
    expect(applyLikeAnswer(post, 'post already liked')).toMatchObject({ liked: true, likes_count: 3 });
    expect(applyLikeAnswer({ ...post, liked: true }, 'post not liked')).toMatchObject({ liked: false, likes_count: 3 });
  });

  it('never counts below zero and ignores unknown answers', () => {
    expect(applyLikeAnswer({ ...post, likes_count: 0, liked: true }, 'like removed').likes_count).toBe(0);
    expect(applyLikeAnswer(post, 'something else')).toBe(post);
  });
});
