import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { isPersonalSocialKey } from '../api/query-keys';

interface Session {
  userId: number | null;
  access: boolean;
}

/**
 * Whether the person behind the requests changed. Learning who holds the token already in use
 * (the stored user arrives from `/me/` after the first requests left) is not a change: those
 * requests were that person's.
 */
export function personChanged(before: Session, now: Session): boolean {
  if (before.access !== now.access) return true;
  return before.userId !== null && before.userId !== now.userId;
}

/**
 * Spec §4: when the person changes (log in, log out, another account), the social lists and
 * profile data of the previous one are emptied, so nobody sees another person's feed. They are
 * reset rather than removed: a page on screen keeps its query and loads it again for the new
 * person (a removed query in flight would leave its page loading for ever).
 */
export function useSocialSession() {
  const client = useQueryClient();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const access = useAuthStore((state) => state.access !== null);
  const previous = useRef<Session>({ userId, access });
  useEffect(() => {
    const before = previous.current;
    previous.current = { userId, access };
    if (!personChanged(before, { userId, access })) return;
    void client.resetQueries({ predicate: (query) => isPersonalSocialKey(query.queryKey) });
  }, [client, userId, access]);
}
