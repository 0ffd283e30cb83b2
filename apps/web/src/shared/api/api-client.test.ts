import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../auth/auth-store';
import { ACCOUNT_SUSPENDED_CODE } from '@portal/contracts';
import { ApiError, apiRequest, apiResponse, onSessionEnded, SUSPENDED_CODE, type SessionEnd } from './api-client';

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown };

function mockFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const { status, body } = handler(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

const auth = (init: RequestInit) => (init.headers as Record<string, string>).authorization;

beforeEach(() => useAuthStore.getState().login({ access: 'old-access', refresh: 'the-refresh' }, 'social'));
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
});

describe('apiRequest', () => {
  it('sends the bearer token and returns the JSON body', async () => {
    const calls = mockFetch(() => ({ status: 200, body: { ok: true } }));
    expect(await apiRequest('/api/x/')).toEqual({ ok: true });
    expect(auth(calls[0]!.init)).toBe('Bearer old-access');
  });

  it('on 401 refreshes once, stores the new token and replays the request', async () => {
    const calls = mockFetch((url, init) => {
      if (url === '/api/v1/token/refresh/') return { status: 200, body: { access: 'new-access' } };
      return auth(init) === 'Bearer new-access' ? { status: 200, body: { me: 1 } } : { status: 401, body: { detail: 'expired' } };
    });
    expect(await apiRequest('/api/social-profiles/me/')).toEqual({ me: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/social-profiles/me/', '/api/v1/token/refresh/', '/api/social-profiles/me/']);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ refresh: 'the-refresh' });
    expect(localStorage.getItem('access')).toBe('new-access');
  });

  it('shares one refresh among requests that fail together', async () => {
    let refreshes = 0;
    mockFetch((url, init) => {
      if (url === '/api/v1/token/refresh/') {
        refreshes += 1;
        return { status: 200, body: { access: 'new-access' } };
      }
      return auth(init) === 'Bearer new-access' ? { status: 200, body: {} } : { status: 401 };
    });
    await Promise.all([apiRequest('/a/'), apiRequest('/b/'), apiRequest('/c/')]);
    expect(refreshes).toBe(1);
  });

  it('logs out when the refresh fails, and the call fails', async () => {
    mockFetch((url) =>
      url === '/api/v1/token/refresh/'
        ? { status: 401, body: { detail: 'Token is blacklisted' } }
        : { status: 401, body: { detail: 'no' } },
    );
    await expect(apiRequest('/api/x/')).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().access).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
  });

  it('never refreshes for the login and refresh calls themselves', async () => {
    const calls = mockFetch(() => ({ status: 401, body: { detail: 'No active account found with the given credentials' } }));
    const error = await apiRequest('/api/v1/token/', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messages).toEqual(['No active account found with the given credentials']);
    expect(calls).toHaveLength(1);
  });

  it('turns a network failure into a readable error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await apiRequest('/api/x/').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe('The server could not be reached.');
  });
});

describe('apiResponse (streams and files)', () => {
  it('answers the response itself, with the asked type, after one refresh on a 401', async () => {
    const calls = mockFetch((url, init) => {
      if (url === '/api/v1/token/refresh/') return { status: 200, body: { access: 'new-access' } };
      return auth(init) === 'Bearer new-access'
        ? { status: 200, body: 'data: hello' }
        : { status: 401, body: { detail: 'expired' } };
    });
    const response = await apiResponse('/ai-lab/stream/', {
      method: 'POST',
      json: { question: 'hi' },
      accept: 'text/event-stream',
    });
    expect(await response.json()).toBe('data: hello');
    expect(calls.map((c) => c.url)).toEqual(['/ai-lab/stream/', '/api/v1/token/refresh/', '/ai-lab/stream/']);
    expect((calls[2]!.init.headers as Record<string, string>).accept).toBe('text/event-stream');
  });

  it("throws ApiError with the server's messages when the answer is a failure", async () => {
    mockFetch(() => ({ status: 429, body: { message: 'Too many AI requests.' } }));
    const error = (await apiResponse('/ai-lab/stream/', { method: 'POST' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.messages).toEqual(['Too many AI requests.']);
  });

  it('shows the write limits’ 429 messages in either error shape (finding 13.7)', async () => {
    for (const body of [
      { error: 'Too many comments. Try again in 1 minute.' },
      { detail: 'Too many comments. Try again in 1 minute.' },
    ]) {
      mockFetch(() => ({ status: 429, body }));
      const error = (await apiRequest('/api/social-posts/x/comment/', { method: 'POST', json: {} }).catch(
        (e: unknown) => e,
      )) as ApiError;
      expect(error.status).toBe(429);
      expect(error.messages).toEqual(['Too many comments. Try again in 1 minute.']);
    }
  });

  it('knows the contract’s suspension code', () => {
    expect(SUSPENDED_CODE).toBe(ACCOUNT_SUSPENDED_CODE);
  });

  it('a suspended account is logged out at once, told why, with no refresh tried (issue 15)', async () => {
    const reason = 'This account is suspended: Spam in posts';
    const calls = mockFetch(() => ({ status: 401, body: { detail: reason, code: ACCOUNT_SUSPENDED_CODE } }));
    const ends: SessionEnd[] = [];
    const stop = onSessionEnded((end) => ends.push(end));
    const failure = await apiRequest('/api/social-posts/').catch((error: unknown) => error);
    stop();
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(reason);
    expect(calls.map((call) => call.url)).toEqual(['/api/social-posts/']);
    expect(useAuthStore.getState().access).toBeNull();
    expect(ends).toEqual([{ suspended: reason }]);
  });

  it('a refresh refused for a suspension passes the reason on; a plain expiry does not', async () => {
    const reason = 'This account is suspended: Fake shop';
    mockFetch((url) =>
      url === '/api/v1/token/refresh/'
        ? { status: 401, body: { detail: reason, code: ACCOUNT_SUSPENDED_CODE } }
        : { status: 401, body: { detail: 'expired' } },
    );
    const ends: SessionEnd[] = [];
    const stop = onSessionEnded((end) => ends.push(end));
    // The call itself fails with its own 401; the reason goes to the session's end.
    await expect(apiRequest('/api/x/')).rejects.toMatchObject({ name: 'ApiError', status: 401, message: 'expired' });
    useAuthStore.getState().login({ access: 'a', refresh: 'r' }, 'social');
    mockFetch(() => ({ status: 401, body: { detail: 'Token is invalid or expired' } }));
    await expect(apiRequest('/api/x/')).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      message: 'Token is invalid or expired',
    });
    stop();
    expect(ends).toEqual([{ suspended: reason }, { suspended: null }]);
  });
});
