import { describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contracts';
import { notificationTarget } from './notification-target';

const base = { id: '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', body: 'x', created_for_id: 1 };
const of = (type: Notification['type_of_notification'], post_id: string | null = null): Notification => ({
  ...base,
  type_of_notification: type,
  post_id,
});

describe('notificationTarget (spec §4)', () => {
  it('leads likes and comments to the post, messages to the chat, the rest to your friends page', () => {
    expect(notificationTarget(of('post_like', 'abc'), 'ana')).toBe('/social/abc');
    expect(notificationTarget(of('post_comment', 'abc'), 'ana')).toBe('/social/abc');
    expect(notificationTarget(of('chat_message'), 'ana')).toBe('/social/chat');
    for (const type of ['new_friendrequest', 'accepted_friendrequest', 'rejected_friendrequest'] as const) {
      expect(notificationTarget(of(type), 'ana')).toBe('/social/profile/ana/friends');
    }
  });
});
