import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, socialProfiles } from '../src/db/schema/index.js';
import { createTestApp, json, newPerson, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const REGISTER = {
  default: '/api/v1/authusers/',
  social: '/api/social-profiles/register/',
  taberna: '/taberna-profiles/api/register/',
};

const register = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const activate = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/authusers/activation/', payload });
const resend = (email: string, remoteAddress = '198.51.100.60') =>
  t.app.inject({ method: 'POST', url: '/api/v1/authusers/resend_activation/', payload: { email }, remoteAddress });
const login = (person: { email: string; password: string }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: person.email, password: person.password } });

/** The uid and token of the newest activation link mailed to `email`. */
function mailedActivation(email: string) {
  const [, , , uid, token] = new URL(t.mail.lastLinkTo(email)).pathname.split('/');
  return { uid: uid!, token: token! };
}

/** The request's answer, or 'still waiting' when it has not come within a few seconds. */
const within = <T>(answer: Promise<T>, ms = 5_000) =>
  Promise.race([answer, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

describe('registration', () => {
  it.each(Object.entries(REGISTER))('%s creates an inactive account and mails an activation link', async (_kind, url) => {
    const person = newPerson();
    const response = await register(url, { ...person, registration_source: 'ignored', extra: 'ignored' });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({
      id: expect.any(Number),
      email: person.email,
      username: person.username,
      first_name: person.first_name,
      last_name: person.last_name,
    });
    expect(response.body).not.toContain('password');
    const link = t.mail.lastLinkTo(person.email);
    expect(link).toMatch(/^http:\/\/portal\.test\/taberna-profiles\/activate\/[A-Za-z0-9_-]+\/[0-9a-z]+-[A-Za-z0-9_-]{32}\/$/);
    expect(t.mail.sent.at(-1)?.subject).toBe('Please activate your account');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: person.email, password: person.password },
    });
    expect(login.statusCode).toBe(401);
    // The right password on an account not activated yet says so (issue 14), in the same body plus a code.
    expect(json(login)).toEqual({
      detail: 'No active account found with the given credentials',
      code: 'account_inactive',
    });
  });

  it('reports every missing field with the contract wording, and stores nothing', async () => {
    const response = await register(REGISTER.social, {});
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      email: ['This field is required.'],
      username: ['This field is required.'],
      first_name: ['This field is required.'],
      last_name: ['This field is required.'],
      password: ['This field is required.'],
    });
    expect(t.mail.sent.filter((m) => m.to === 'undefined')).toHaveLength(0);
  });

  it('rejects wrong types, blanks, nulls, bad emails and over-long names', async () => {
    const response = await register(REGISTER.taberna, {
      email: 'not-an-email',
      username: 'x'.repeat(51),
      first_name: '   ',
      last_name: null,
      password: 12345678,
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      email: ['Enter a valid email address.'],
      username: ['Ensure this field has no more than 50 characters.'],
      first_name: ['This field may not be blank.'],
      last_name: ['This field may not be null.'],
      password: ['Not a valid string.'],
    });
  });

  it('applies the password rules: length, similarity, commonness, digits only', async () => {
    const cases: [string, string[]][] = [
      ['zq7#k', ['This password is too short. It must contain at least 8 characters.']],
      ['password123', ['This password is too common.']],
      ['83920174615', ['This password is entirely numeric.']],
      ['sunflower.guzman', ['The password is too similar to the username.']],
    ];
    for (const [password, messages] of cases) {
      // A tag without digits: a random one may look like the numeric password (similar to the email).
      const person = { ...newPerson('pwrules'), username: 'sunflower_guzman', password };
      const response = await register(REGISTER.default, person);
      expect(response.statusCode, password).toBe(400);
      expect(json(response).password, password).toEqual(messages);
    }
  });

  it('refuses a taken email (any case) and a taken username', async () => {
    const person = newPerson();
    expect((await register(REGISTER.default, person)).statusCode).toBe(201);
    const sameEmail = await register(REGISTER.default, { ...newPerson(), email: person.email.toUpperCase() });
    expect(json(sameEmail)).toEqual({ email: ['account with this email already exists.'] });
    const sameUsername = await register(REGISTER.default, { ...newPerson(), username: person.username });
    expect(json(sameUsername)).toEqual({ username: ['account with this username already exists.'] });
  });

  it('lower-cases usernames and adds a suffix when the lower-case form is taken', async () => {
    const first = newPerson();
    await register(REGISTER.default, { ...first, username: 'mixedcase_user' });
    const second = await register(REGISTER.default, { ...newPerson(), username: 'MixedCase_User' });
    expect(second.statusCode).toBe(201);
    expect(json(second).username).toBe('mixedcase_user_1');
  });

  it('never gives a new social profile a slug that names another page (edit, suggested)', async () => {
    // Names with no Latin letters fall back to the username for the slug.
    const person = { ...newPerson(), first_name: '李', last_name: '王', username: 'suggested' };
    expect((await register(REGISTER.social, person)).statusCode).toBe(201);
    const [profile] = await t.database.db
      .select({ slug: socialProfiles.slug })
      .from(socialProfiles)
      .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
      .where(eq(accounts.email, person.email));
    expect(profile?.slug).toMatch(/^suggested-[0-9a-f]{8}$/);
  });

  it('rejects usernames with characters other than letters, digits and @/./+/-/_', async () => {
    const response = await register(REGISTER.default, { ...newPerson(), username: 'bad name/../' });
    expect(json(response).username).toEqual([
      'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
    ]);
  });

  it('adds an app profile to an existing account only with its password', async () => {
    const person = newPerson();
    expect((await register(REGISTER.taberna, person)).statusCode).toBe(201);
    const mailsBefore = t.mail.sent.length;

    const stranger = await register(REGISTER.social, { ...newPerson(), email: person.email, password: 'another-secret-pass' });
    expect(stranger.statusCode).toBe(400);
    expect(json(stranger)).toEqual({ email: ['account with this email already exists.'] });

    const owner = await register(REGISTER.social, { ...newPerson(), email: person.email, password: person.password });
    expect(owner.statusCode).toBe(200);
    expect(json(owner)).toEqual({ detail: 'social_profile_created' });

    const again = await register(REGISTER.social, { ...newPerson(), email: person.email, password: person.password });
    expect(again.statusCode).toBe(400);
    expect(t.mail.sent.length).toBe(mailsBefore);
  });

  it('answers a body that is not JSON, or too large, with a clear 4xx', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: REGISTER.default,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(json(broken).detail).toMatch(/not valid JSON/);

    const huge = await t.app.inject({
      method: 'POST',
      url: REGISTER.default,
      payload: { ...newPerson(), first_name: 'x'.repeat(2_000_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(json(huge)).toEqual({ detail: 'Request body is too large.' });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: REGISTER.default,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(415);
  });
});

describe('activation', () => {
  it('the mailed link activates once, then says the account is already active', async () => {
    const person = newPerson();
    await register(REGISTER.social, person);
    const link = new URL(t.mail.lastLinkTo(person.email));

    const first = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/taberna-profiles/activate-result/?status=activated');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: person.email, password: person.password },
    });
    expect(login.statusCode).toBe(200);

    const second = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(second.headers.location).toBe('/taberna-profiles/activate-result/?status=already-active');
  });

  it('a tampered or malformed link activates nothing', async () => {
    const person = newPerson();
    await register(REGISTER.social, person);
    const link = new URL(t.mail.lastLinkTo(person.email));
    const [, , , uid, token] = link.pathname.split('/');
    const tampered = `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      `/taberna-profiles/activate/${uid}/${tampered}/`,
      `/taberna-profiles/activate/${Buffer.from('999999').toString('base64url')}/${token}/`,
      `/taberna-profiles/activate/a$b/${token}/`,
      `/accounts/activate/${uid}/not-a-token/`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers.location, url).toBe('/taberna-profiles/activate-result/?status=invalid');
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: person.email, password: person.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('djoser activation API: 204, then 403 stale; bad token 400', async () => {
    const person = newPerson();
    await register(REGISTER.default, person);
    const [, , , uid, token] = new URL(t.mail.lastLinkTo(person.email)).pathname.split('/');
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/authusers/activation/', payload: { uid, token: 'zz-nope' } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ token: ['Invalid token for given user.'] });
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/authusers/activation/', payload: {} });
    expect(json(missing)).toEqual({ uid: ['This field is required.'], token: ['This field is required.'] });
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/authusers/activation/', payload: { uid, token } });
    expect(ok.statusCode).toBe(204);
    const stale = await t.app.inject({ method: 'POST', url: '/api/v1/authusers/activation/', payload: { uid, token } });
    expect(stale.statusCode).toBe(403);
  });

  it('refuses a link older than ACTIVATION_TTL, by link and by API, activating nothing', async () => {
    const person = newPerson();
    await register(REGISTER.social, person);
    const { uid, token } = mailedActivation(person.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + t.config.activationTtlMs + 60_000 });
    const byLink = await t.app.inject({ method: 'GET', url: `/taberna-profiles/activate/${uid}/${token}/` });
    expect(byLink.headers.location).toBe('/taberna-profiles/activate-result/?status=invalid');
    const byApi = await activate({ uid, token });
    expect(byApi.statusCode).toBe(400);
    expect(json(byApi)).toEqual({ token: ['Invalid token for given user.'] });
    vi.useRealTimers();
    expect(json(await login(person))).toMatchObject({ code: 'account_inactive' });
    // Its age alone refused it: the same link, in time, works.
    expect((await activate({ uid, token })).statusCode).toBe(204);
  });

  it("refuses another account's valid token paired with your own uid, activating neither", async () => {
    const [alice, bob] = [newPerson(), newPerson()];
    await register(REGISTER.social, alice);
    await register(REGISTER.taberna, bob);
    const aliceLink = mailedActivation(alice.email);
    const bobLink = mailedActivation(bob.email);
    const byLink = await t.app.inject({ method: 'GET', url: `/taberna-profiles/activate/${aliceLink.uid}/${bobLink.token}/` });
    expect(byLink.headers.location).toBe('/taberna-profiles/activate-result/?status=invalid');
    const byApi = await activate({ uid: aliceLink.uid, token: bobLink.token });
    expect(byApi.statusCode).toBe(400);
    expect(json(byApi)).toEqual({ token: ['Invalid token for given user.'] });
    for (const person of [alice, bob])
      expect(json(await login(person)), person.email).toMatchObject({ code: 'account_inactive' });
  });

  it('resending the activation mail answers alike for known and unknown emails', async () => {
    const person = newPerson();
    await register(REGISTER.default, person);
    const before = t.mail.sent.length;
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authusers/resend_activation/',
      payload: { email: person.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authusers/resend_activation/',
      payload: { email: 'nobody@example.com' },
    });
    expect([known.statusCode, unknown.statusCode]).toEqual([204, 204]);
    expect(t.mail.sent.length).toBe(before + 1);
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/authusers/resend_activation/', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('resending the activation mail', () => {
  it('does not make a known email wait for its mail, which goes out all the same', async () => {
    // Were the answer to wait for the mail, a slow mail server would tell which emails have accounts.
    const person = newPerson();
    await register(REGISTER.taberna, person);
    const before = t.mail.sent.length;
    const release = t.mail.hold();
    try {
      for (const email of [person.email, 'nobody.here@example.com']) {
        const answer = await within(resend(email));
        expect(answer === 'still waiting' ? answer : answer.statusCode, email).toBe(204);
      }
    } finally {
      release();
    }
    expect(t.mail.sent.slice(before).map((m) => [m.to, m.subject])).toEqual([[person.email, 'Please activate your account']]);
  });

  it('mails one email at most three links an hour, whoever asks; the answer stays 204', async () => {
    const person = newPerson();
    await register(REGISTER.social, person);
    const before = t.mail.sent.length;
    for (let i = 0; i < 5; i += 1)
      expect((await resend(person.email.toUpperCase(), `198.51.100.${70 + i}`)).statusCode).toBe(204);
    expect(t.mail.sent.slice(before).filter((m) => m.to === person.email)).toHaveLength(3);
    // The newest link still activates.
    expect((await activate(mailedActivation(person.email))).statusCode).toBe(204);
  });
});

describe('sign-up throttling', () => {
  it('stops a flood of sign-ups from one address with 429', async () => {
    const throttled = await createTestApp({ REGISTRATIONS_PER_HOUR: '2' });
    try {
      const from = (payload: object) =>
        throttled.app.inject({ method: 'POST', url: REGISTER.default, payload, remoteAddress: '203.0.113.9' });
      expect((await from(newPerson())).statusCode).toBe(201);
      expect((await from(newPerson())).statusCode).toBe(201);
      const third = await from(newPerson());
      expect(third.statusCode).toBe(429);
      expect(json(third).detail).toMatch(/Too many sign-ups/);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      const otherAddress = await throttled.app.inject({
        method: 'POST',
        url: REGISTER.default,
        payload: newPerson(),
        remoteAddress: '203.0.113.10',
      });
      expect(otherAddress.statusCode).toBe(201);
    } finally {
      await throttled.close();
    }
  });
});
