import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../shared/auth/auth-store';
import { guardLoader, loginRedirect } from './route-guard';
import type { RouteMeta } from './route-meta';

const meta = (layout: RouteMeta['layout'], requiresAuth = true): RouteMeta => ({ name: 'x', title: 'X', layout, requiresAuth });
const run = (m: RouteMeta, url: string) =>
  guardLoader(m)({ request: new Request(`http://portal.test${url}`), params: {}, context: {} } as never);

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
});

describe('route guard', () => {
  it('sends logged-out visitors to the right place (spec §2)', () => {
    expect(loginRedirect(meta('mainTaberna'), '/taberna/dashboard')).toBe(
      '/taberna/login?redirect=%2Ftaberna%2Fdashboard&message=auth',
    );
    expect(loginRedirect(meta('mainSocial'), '/social/chat')).toBe('/social/login?redirect=%2Fsocial%2Fchat&message=auth');
    expect(loginRedirect(meta('mainAILab'), '/ai-lab/secret')).toBe('/');
    expect(loginRedirect(meta('mainBackoffice'), '/backoffice/orders?status=paid')).toBe(
      '/backoffice/login?redirect=%2Fbackoffice%2Forders%3Fstatus%3Dpaid&message=auth',
    );
  });

  it('sends someone whose session ended to the login, saying so (issue 26)', () => {
    expect(loginRedirect(meta('mainTaberna'), '/taberna/dashboard', 'session')).toBe(
      '/taberna/login?redirect=%2Ftaberna%2Fdashboard&message=session',
    );
  });

  it('lets a logged-out visitor through to a public route', () => {
    expect(run(meta('mainTaberna', false), '/taberna/cart')).toBeNull();
  });

  it('throws the redirect for a protected route while logged out', () => {
    let thrown: unknown;
    try {
      run(meta('mainSocial'), '/social/chat');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toBe('/social/login?redirect=%2Fsocial%2Fchat&message=auth');
  });

  it('entering the social network while logged in to the shop keeps the login and records the app (deviation 14)', async () => {
    const calls: { url: string; body: unknown; auth: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)), auth: new Headers(init.headers).get('authorization') });
      return new Response(null, { status: 204 });
    });
    useAuthStore.getState().login({ access: 'A', refresh: 'R' }, 'taberna');
    expect(run(meta('mainSocial'), '/social/chat')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ access: 'A', refresh: 'R', activeApp: 'social' });
    expect(localStorage.getItem('active_app')).toBe('social');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ url: '/api/v1/account/active-app/', body: { active_app: 'social' }, auth: 'Bearer A' });
    // Back in the shop: still logged in, the app recorded again.
    expect(run(meta('mainTaberna'), '/taberna/dashboard')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ access: 'A', activeApp: 'taberna' });
  });

  it('keeps the session when the active app matches, without calling the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    useAuthStore.getState().login({ access: 'A', refresh: 'R' }, 'taberna');
    expect(run(meta('mainTaberna'), '/taberna/dashboard')).toBeNull();
    expect(useAuthStore.getState().access).toBe('A');
    expect(fetch).not.toHaveBeenCalled();
  });
});
