import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { shopLogin } from './support/taberna.js';
import { createTestApp, json, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers });
const join = (access: string | null, payload: object) =>
  inject('POST', '/api/v1/account/profiles/', payload, access ? bearer(access) : {});
const account = (access: string) => inject('GET', '/api/v1/account/', undefined, bearer(access));

describe('one sign-in for the portal (deviation 14)', () => {
  it('describes the account behind a shop login: its profiles and the active app', async () => {
    const { person, id } = await registerActivated(t.app, t.mail, 'taberna');
    const { access } = await shopLogin(t.app, person);
    const answer = await account(access);
    expect(answer.statusCode).toBe(200);
    expect(json(answer)).toEqual({
      id,
      email: person.email,
      username: person.username,
      first_name: person.first_name,
      last_name: person.last_name,
      full_name: `${person.first_name} ${person.last_name}`,
      active_app: 'taberna',
      profiles: { social: false, taberna: true },
      role: null,
    });
    expect((await inject('GET', '/api/v1/account/')).statusCode).toBe(401);
  });

  it('records the app the person moves to, on their own session only', async () => {
    const { person } = await registerActivated(t.app, t.mail, 'taberna');
    const first = await shopLogin(t.app, person);
    const second = await shopLogin(t.app, person);
    const moved = await inject('POST', '/api/v1/account/active-app/', { active_app: 'social' }, bearer(first.access));
    expect(moved.statusCode).toBe(204);
    expect(json(await account(first.access)).active_app).toBe('social');
    expect(json(await account(second.access)).active_app).toBe('taberna');
    const bad = await inject('POST', '/api/v1/account/active-app/', { active_app: 'casino' }, bearer(first.access));
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ active_app: ['Choose social or taberna.'] });
    expect(json(await account(first.access)).active_app).toBe('social');
    expect((await inject('POST', '/api/v1/account/active-app/', { active_app: 'social' })).statusCode).toBe(401);
  });

  it('lets a shop account join the social network with its password, once', async () => {
    const { person } = await registerActivated(t.app, t.mail, 'taberna');
    const { access } = await shopLogin(t.app, person);
    const me = () => inject('GET', '/api/social-profiles/me/', undefined, bearer(access));
    expect((await me()).statusCode).toBe(404);
    expect(json(await me())).toEqual({ message: 'Profile does not exist for this user' });

    expect((await join(null, { app: 'social', password: person.password })).statusCode).toBe(401);
    const missing = await join(access, {});
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toEqual({ app: ['Choose social or taberna.'], password: ['This field is required.'] });
    const wrong = await join(access, { app: 'social', password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ password: ['That is not the password of this account.'] });
    expect((await me()).statusCode).toBe(404);

    const joined = await join(access, { app: 'social', password: person.password });
    expect(joined.statusCode).toBe(201);
    expect(json(joined)).toEqual({ detail: 'social_profile_created' });
    const profile = await me();
    expect(profile.statusCode).toBe(200);
    expect(json(profile)).toMatchObject({ email: person.email, full_name: `${person.first_name} ${person.last_name}` });
    expect(json(await account(access))).toMatchObject({ active_app: 'social', profiles: { social: true, taberna: true } });

    const again = await join(access, { app: 'social', password: person.password });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({ detail: 'This account already has a social profile.' });
    // The same tokens now reach both apps: posting in the social network works without a new login.
    const posted = await inject('POST', '/api/social-posts/create/', { body: 'Hello from the shop' }, bearer(access));
    expect(posted.statusCode).toBe(200);
    expect(json(posted)).toMatchObject({ body: 'Hello from the shop' });
  });

  it('lets a social account join the shop, after which the shop login works', async () => {
    const { person } = await registerActivated(t.app, t.mail, 'social');
    const refused = await inject('POST', '/taberna-profiles/api/v1/token/', { email: person.email, password: person.password });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toEqual({ error: 'User profile does not exist.' });
    const { access } = await socialLogin(t.app, person);
    const joined = await join(access, { app: 'taberna', password: person.password });
    expect(joined.statusCode).toBe(201);
    expect(json(joined)).toEqual({ detail: 'taberna_profile_created' });
    await expect(shopLogin(t.app, person)).resolves.toMatchObject({ access: expect.any(String) });
  });

  it('never joins another account: a caller only ever adds profiles to their own, with their own password', async () => {
    const owner = await registerActivated(t.app, t.mail, 'taberna');
    const other = await registerActivated(t.app, t.mail, 'taberna');
    const otherTokens = await shopLogin(t.app, other.person);
    const attempt = await join(otherTokens.access, { app: 'social', password: owner.person.password + '-x' });
    expect(attempt.statusCode).toBe(400);
    const ownerTokens = await shopLogin(t.app, owner.person);
    expect(json(await account(ownerTokens.access)).profiles).toEqual({ social: false, taberna: true });
    expect(json(await account(otherTokens.access)).profiles).toEqual({ social: false, taberna: true });
  });

  it('counts wrong join passwords with the login throttle, shared with the logins', async () => {
    const { person } = await registerActivated(t.app, t.mail, 'taberna');
    const { access } = await shopLogin(t.app, person);
    for (let i = 0; i < 3; i += 1) expect((await join(access, { app: 'social', password: `guess-${i}` })).statusCode).toBe(400);
    const locked = await join(access, { app: 'social', password: person.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect(json(locked).detail).toMatch(/^Too many failed login attempts/);
    const login = await inject('POST', '/api/v1/token/', { email: person.email, password: person.password });
    expect(login.statusCode).toBe(429);
    expect(json(await account(access)).profiles).toEqual({ social: false, taberna: true });
  });
});
