import { create } from 'zustand';
import type { Notification } from '@portal/contracts';

const KEY = 'social-notifications-seen';
/** Enough to cover the unread list the server answers (it sends at most 100). */
const KEEP = 300;

function load(): string[] {
  // The server renders a visitor's view (entry-server.tsx): it has no storage, and nothing seen.
  if (typeof localStorage === 'undefined') return [];
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

interface SeenState {
  seen: string[];
  /** The notifications page was opened with these on it: they no longer count in the badge. */
  markSeen(ids: string[]): void;
}

/**
 * Spec §4 and issue 16: opening the notifications page clears the badge (the notifications were
 * seen) while they stay listed, unread, until opened or marked read. Remembered in this browser.
 */
export const useNotificationsSeen = create<SeenState>((set, get) => ({
  seen: load(),
  markSeen(ids) {
    const known = new Set(get().seen);
    const fresh = ids.filter((id) => !known.has(id));
    if (fresh.length === 0) return;
    const seen = [...fresh, ...get().seen].slice(0, KEEP);
    localStorage.setItem(KEY, JSON.stringify(seen));
    set({ seen });
  },
}));

/** How many of the unread notifications have not been seen on the notifications page: the badge. */
export function unseenCount(unread: Pick<Notification, 'id'>[] | undefined, seen: string[]): number {
  if (!unread) return 0;
  const known = new Set(seen);
  return unread.filter((item) => !known.has(item.id)).length;
}
