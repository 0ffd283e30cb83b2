import { beforeEach, describe, expect, it } from 'vitest';
import { unseenCount, useNotificationsSeen } from './notifications-seen';

const list = (...ids: string[]) => ids.map((id) => ({ id }));

describe('the notification badge', () => {
  beforeEach(() => useNotificationsSeen.setState({ seen: [] }));

  it('counts every unread notification until the page shows them', () => {
    expect(unseenCount(list('a', 'b'), useNotificationsSeen.getState().seen)).toBe(2);
    useNotificationsSeen.getState().markSeen(['a', 'b']);
    expect(unseenCount(list('a', 'b'), useNotificationsSeen.getState().seen)).toBe(0);
  });

  it('counts what arrives after the page was opened', () => {
    useNotificationsSeen.getState().markSeen(['a']);
    expect(unseenCount(list('c', 'a'), useNotificationsSeen.getState().seen)).toBe(1);
  });

  it('is remembered in this browser', () => {
    useNotificationsSeen.getState().markSeen(['x']);
    expect(JSON.parse(localStorage.getItem('social-notifications-seen')!)).toEqual(['x']);
  });

  it('is zero before the list has loaded', () => {
    expect(unseenCount(undefined, [])).toBe(0);
  });
});
