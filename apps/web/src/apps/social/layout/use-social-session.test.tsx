import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store';
import type { StoredUser } from '../../../shared/auth/auth-storage';
import { meKey } from '../../../shared/api/query-keys';
import { feedKey, postKey } from '../api/query-keys';
import { personChanged, useSocialSession } from './use-social-session';

const person = (id: number): StoredUser => ({
  id,
  username: `p${id}`,
  first_name: 'P',
  last_name: String(id),
  email: `p${id}@example.com`,
  slug: `p-${id}`,
  full_name: `P ${id}`,
  avatar_url: '',
});

/** A request the test answers when it likes, as a slow server would. */
function slowAnswers() {
  const waiting: Array<(value: { post: string }) => void> = [];
  let asked = 0;
  const request = () =>
    new Promise<{ post: string }>((resolve) => {
      asked += 1;
      waiting.push(resolve);
    });
  return { request, answer: (value: string) => waiting.shift()?.({ post: value }), asked: () => asked };
}

function renderPostPage(client: QueryClient, request: () => Promise<{ post: string }>) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => {
      useSocialSession();
      return useQuery({ queryKey: postKey('p1'), queryFn: request });
    },
    { wrapper },
  );
}

afterEach(() => useAuthStore.getState().clear());

describe('personChanged', () => {
  it('is a change to log in, log out or switch accounts, not to learn who holds the token', () => {
    expect(personChanged({ userId: null, access: false }, { userId: null, access: true })).toBe(true);
    expect(personChanged({ userId: 4, access: true }, { userId: null, access: false })).toBe(true);
    expect(personChanged({ userId: 4, access: true }, { userId: 5, access: true })).toBe(true);
    expect(personChanged({ userId: null, access: true }, { userId: 4, access: true })).toBe(false);
    expect(personChanged({ userId: 4, access: true }, { userId: 4, access: true })).toBe(false);
  });
});

describe('useSocialSession', () => {
  it('a post opened with a token but no stored user loads once /me/ names the person mid-request', async () => {
    useAuthStore.getState().login({ access: 'a', refresh: 'r' }, 'social');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const server = slowAnswers();
    const { result } = renderPostPage(client, server.request);
    await waitFor(() => expect(server.asked()).toBe(1));
    act(() => useAuthStore.getState().setUser(person(19)));
    await act(async () => server.answer('the post'));
    await waitFor(() => expect(result.current.data).toEqual({ post: 'the post' }));
    expect(server.asked()).toBe(1);
  });

  it('another person mid-request: the page on screen loads again for them, nothing of the first is kept', async () => {
    useAuthStore.getState().login({ access: 'a', refresh: 'r' }, 'social');
    useAuthStore.getState().setUser(person(4));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(feedKey(), { results: ['person 4’s feed'] });
    client.setQueryData(meKey, { id: 4 });
    const server = slowAnswers();
    const { result } = renderPostPage(client, server.request);
    await waitFor(() => expect(server.asked()).toBe(1));
    act(() => useAuthStore.getState().setUser(person(5)));
    await waitFor(() => expect(server.asked()).toBe(2));
    await act(async () => {
      server.answer('for person 4');
      server.answer('for person 5');
    });
    await waitFor(() => expect(result.current.data).toEqual({ post: 'for person 5' }));
    expect(client.getQueryData(feedKey())).toBeUndefined();
    expect(client.getQueryData(meKey)).toEqual({ id: 4 });
  });
});
