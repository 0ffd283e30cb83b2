import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { isPersonalSocialKey } from '../api/query-keys';

/**
 * Spec §4: when the person changes (log in, log out, another account), the social lists and
 * profile data of the previous one are emptied, so nobody sees another person's feed.
 */
export function useSocialSession() {
  const client = useQueryClient();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const access = useAuthStore((state) => state.access !== null);
  const previous = useRef({ userId, access });
  useEffect(() => {
    const before = previous.current;
    previous.current = { userId, access };
    if (before.userId === userId && before.access === access) return;
    client.removeQueries({ predicate: (query) => isPersonalSocialKey(query.queryKey) });
  }, [client, userId, access]);
}
