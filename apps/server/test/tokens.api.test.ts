import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { createTestApp, json, newPerson, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/social-profiles/me/', headers });

describe('social login (/api/v1/token/)', () => {
  it('gives a refresh and an access token whose claims follow the contract', async () => {
    const { person, id } = await registerActivated(t.app, t.mail);
    const tokens = await socialLogin(t.app, person);
    const claims = JSON.parse(Buffer.from(tokens.access.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ token_type: 'access', user_id: String(id), jti: expect.any(String), sid: expect.any(String) });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(600);
    const profile = await me(bearer(tokens.access));
    expect(profile.statusCode).toBe(200);
    expect(json(profile)).toMatchObject({
      email: person.email,
      first_name: person.first_name,
      avatar_url: null,
      friends_count: 0,
      posts_count: 0,
    });
    expect(json(profile).full_name).toBe(`${person.first_name} ${person.last_name}`);
    expect(json(profile).slug).toMatch(/^rosa-tester/);
  });

  it('refuses a wrong password, an unknown email and missing fields in the contract shapes', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const wrong = await post('/api/v1/token/', { email: person.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toEqual({ detail: 'No active account found with the given credentials' });
    const unknown = await post('/api/v1/token/', { email: 'ghost@example.com', password: 'whatever-it-is' });
    expect(json(unknown)).toEqual(json(wrong));
    const missing = await post('/api/v1/token/', {});
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
    const blank = await post('/api/v1/token/', { email: '', password: '' });
    expect(json(blank)).toEqual({ email: ['This field may not be blank.'], password: ['This field may not be blank.'] });
  });

  it('ignores a stale Authorization header on the login endpoint itself', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const response = await post(
      '/api/v1/token/',
      { email: person.email, password: person.password },
      { authorization: 'Bearer garbage' },
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('shop login (/taberna-profiles/api/v1/token/)', () => {
  it('logs in a shop customer and answers errors as {"error": ...} with 400', async () => {
    const { person } = await registerActivated(t.app, t.mail, 'taberna');
    const ok = await post('/taberna-profiles/api/v1/token/', {
      email: person.email,
      password: person.password,
      cart_id: null,
      login_source: 'taberna',
    });
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(json(ok)).sort()).toEqual(['access', 'refresh']);

    const wrong = await post('/taberna-profiles/api/v1/token/', { email: person.email, password: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ error: 'Authentication failed: No active account found with the given credentials' });

    const missing = await post('/taberna-profiles/api/v1/token/', { password: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toEqual({ error: 'Authentication failed: email: This field is required.' });

    const badCart = await post('/taberna-profiles/api/v1/token/', {
      email: person.email,
      password: person.password,
      cart_id: { id: 1 },
    });
    expect(badCart.statusCode).toBe(400);
  });

  it('needs a shop profile', async () => {
    const { person } = await registerActivated(t.app, t.mail, 'social');
    const response = await post('/taberna-profiles/api/v1/token/', { email: person.email, password: person.password });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ error: 'User profile does not exist.' });
  });
});

describe('refresh and revoke', () => {
  it('refreshes an access token; after revoke (logout) neither the refresh nor its access tokens work', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const tokens = await socialLogin(t.app, person);
    const refreshed = await post('/api/v1/token/refresh/', { refresh: tokens.refresh });
    expect(refreshed.statusCode).toBe(200);
    expect(Object.keys(json(refreshed))).toEqual(['access']);
    const access = json(refreshed).access as string;
    expect((await me(bearer(access))).statusCode).toBe(200);

    const revoked = await post('/api/v1/token/revoke/', { refresh: tokens.refresh });
    expect(revoked.statusCode).toBe(204);
    const reuse = await post('/api/v1/token/refresh/', { refresh: tokens.refresh });
    expect(reuse.statusCode).toBe(401);
    expect(json(reuse)).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    const oldAccess = await me(bearer(access));
    expect(oldAccess.statusCode).toBe(401);
    expect(json(oldAccess).code).toBe('token_not_valid');

    const otherSession = await socialLogin(t.app, person);
    expect((await me(bearer(otherSession.access))).statusCode).toBe(200);
  });

  it('answers bad refresh input per the contract', async () => {
    expect(json(await post('/api/v1/token/refresh/', {}))).toEqual({ refresh: ['This field is required.'] });
    expect(json(await post('/api/v1/token/refresh/', { refresh: null }))).toEqual({ refresh: ['This field may not be null.'] });
    const garbage = await post('/api/v1/token/refresh/', { refresh: 'abc.def.ghi' });
    expect(garbage.statusCode).toBe(401);
    expect(json(garbage)).toEqual({ detail: 'Token is invalid', code: 'token_not_valid' });
    const { person } = await registerActivated(t.app, t.mail);
    const { access } = await socialLogin(t.app, person);
    const wrongType = await post('/api/v1/token/refresh/', { refresh: access });
    expect(json(wrongType)).toEqual({ detail: 'Token has wrong type', code: 'token_not_valid' });
    expect((await post('/api/v1/token/revoke/', { refresh: 'abc' })).statusCode).toBe(401);
    expect((await post('/api/v1/token/revoke/', {})).statusCode).toBe(400);
  });

  it('verify says whether an access token is valid', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const { access } = await socialLogin(t.app, person);
    expect((await post('/api/v1/token/verify/', { token: access })).statusCode).toBe(200);
    expect((await post('/api/v1/token/verify/', { token: `${access}x` })).statusCode).toBe(401);
  });
});

describe('bearer tokens on protected and public endpoints', () => {
  it('401 without a token, with the contract body and header', async () => {
    const response = await me({});
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(response.headers['www-authenticate']).toBe('Token');
  });

  it('a forged token (another secret) or a tampered one gets the token error', async () => {
    const { person, id } = await registerActivated(t.app, t.mail);
    const { access } = await socialLogin(t.app, person);
    const forged = await new SignJWT({ token_type: 'access', user_id: String(id), sid: '00000000-0000-4000-8000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('x')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-secret-that-is-not-the-servers-secret'));
    // Tamper with the signature's first character: the last one also carries two padding bits, and a
    // change there alone can decode to the same signature (an A ↔ B swap did, now and then).
    const [head, body, signature] = access.split('.') as [string, string, string];
    const tampered = `${head}.${body}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const token of [forged, tampered, 'not.a.jwt']) {
      const response = await me(bearer(token));
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ detail: 'Given token not valid for any token type', code: 'token_not_valid' });
    }
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${access.split('.')[1]}.`;
    expect((await me(bearer(none))).statusCode).toBe(401);
  });

  it('a bad token is a 401 even on a public endpoint, so the client refreshes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/', headers: bearer('garbage') });
    expect(response.statusCode).toBe(401);
    expect(json(response).messages).toEqual([{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid' }]);
  });

  it('an account without a social profile gets 404 from /me with a message', async () => {
    const { person } = await registerActivated(t.app, t.mail, 'default');
    const { access } = await socialLogin(t.app, person);
    const response = await me(bearer(access));
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ message: 'Profile does not exist for this user' });
  });
});

describe('expiry', () => {
  it('an expired access token is refused as expired and a refresh brings a working one', async () => {
    const short = await createTestApp({ ACCESS_TOKEN_TTL: '1s' });
    try {
      const { person } = await registerActivated(short.app, short.mail);
      const tokens = (
        await short.app.inject({
          method: 'POST',
          url: '/api/v1/token/',
          payload: { email: person.email, password: person.password },
        })
      ).json() as { access: string; refresh: string };
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const expired = await short.app.inject({ method: 'GET', url: '/api/social-profiles/me/', headers: bearer(tokens.access) });
      expect(expired.statusCode).toBe(401);
      expect(json(expired).messages).toEqual([{ token_class: 'AccessToken', token_type: 'access', message: 'Token is expired' }]);
      const refreshed = await short.app.inject({
        method: 'POST',
        url: '/api/v1/token/refresh/',
        payload: { refresh: tokens.refresh },
      });
      const again = await short.app.inject({
        method: 'GET',
        url: '/api/social-profiles/me/',
        headers: bearer(json(refreshed).access as string),
      });
      expect(again.statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('legacy token login and logout', () => {
  it('issues a 40-hex key usable as "Token <key>", and logout deletes it', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const login = await post('/auth/token/login', { email: person.email, password: person.password });
    expect(login.statusCode).toBe(200);
    const key = json(login).auth_token as string;
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect((await me({ authorization: `Token ${key}` })).statusCode).toBe(200);
    const logout = await post('/auth/token/logout/', undefined, { authorization: `Token ${key}` });
    expect(logout.statusCode).toBe(204);
    const after = await me({ authorization: `Token ${key}` });
    expect(after.statusCode).toBe(401);
    expect(json(after)).toEqual({ detail: 'Invalid token.' });
  });

  it('refuses bad credentials, inactive accounts and missing fields alike', async () => {
    const inactive = newPerson();
    await post('/api/v1/authusers/', inactive);
    const expected = { non_field_errors: ['Unable to log in with provided credentials.'] };
    for (const payload of [{ email: inactive.email, password: 'wrong-wrong' }, {}]) {
      const response = await post('/auth/token/login/', payload);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual(expected);
    }
    // Only the right password learns that the account waits for activation (issue 14): same body plus a code.
    const rightPassword = await post('/auth/token/login/', { email: inactive.email, password: inactive.password });
    expect(rightPassword.statusCode).toBe(400);
    expect(json(rightPassword)).toEqual({ ...expected, code: 'account_inactive' });
    expect((await post('/auth/token/logout/')).statusCode).toBe(401);
  });
});

describe('login throttling', () => {
  it('locks an account for an address after too many failures, even for the right password, on every login', async () => {
    const strict = await createTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_FAILURE_WINDOW: '10m' });
    try {
      const { person } = await registerActivated(strict.app, strict.mail);
      const attempt = (password: string, remoteAddress = '198.51.100.7') =>
        strict.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: person.email, password }, remoteAddress });
      for (let i = 0; i < 3; i += 1) expect((await attempt('wrong-password!')).statusCode).toBe(401);
      const locked = await attempt(person.password);
      expect(locked.statusCode).toBe(429);
      expect(json(locked).detail).toMatch(/Too many failed login attempts\. Try again in 10 minutes\./);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(500);
      const shop = await strict.app.inject({
        method: 'POST',
        url: '/taberna-profiles/api/v1/token/',
        payload: { email: person.email, password: person.password },
        remoteAddress: '198.51.100.7',
      });
      expect(shop.statusCode).toBe(429);
      expect(json(shop).error).toMatch(/Too many failed login attempts/);
      const legacy = await strict.app.inject({
        method: 'POST',
        url: '/auth/token/login/',
        payload: { email: person.email, password: person.password },
        remoteAddress: '198.51.100.7',
      });
      expect(json(legacy).non_field_errors).toEqual([expect.stringMatching(/Too many failed login attempts/)]);
    } finally {
      await strict.close();
    }
  });

  it('limits one address trying many accounts', async () => {
    const strict = await createTestApp({ LOGIN_MAX_FAILURES: '2', LOGIN_ADDRESS_MAX_FAILURES: '10' });
    try {
      const from = (email: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/v1/token/',
          payload: { email, password: 'guess-guess' },
          remoteAddress: '198.51.100.99',
        });
      const statuses = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await from(`victim${i}@example.com`)).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
