import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, registerActivated, socialLogin, type Person } from './support/accounts.js';
import { createTestApp, json, newPerson, type TestApp } from './support/test-app.js';

// Issue 14.2: "Forgot password?" → an emailed single-use link valid one hour → a new password that
// follows the sign-up rules → every session ends. Whether an email has an account never shows.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const REQUEST = '/api/v1/authusers/reset_password/';
const CONFIRM = '/api/v1/authusers/reset_password_confirm/';
const NEW_PASSWORD = 'harbour-violet-7319';

const ask = (payload: object, remoteAddress = '198.51.100.20', app = t) =>
  app.app.inject({ method: 'POST', url: REQUEST, payload, remoteAddress });
const confirm = (payload: object) => t.app.inject({ method: 'POST', url: CONFIRM, payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email, password } });

/** The request's answer, or 'still waiting' when it has not come within a few seconds. */
const within = <T>(answer: Promise<T>, ms = 5_000) =>
  Promise.race([answer, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

/** Asks for a reset link for `person` and answers its uid and token. */
async function resetLink(person: Person, app: 'social' | 'taberna' = 'social') {
  const answer = await ask({ email: person.email, app });
  expect(answer.statusCode).toBe(204);
  const link = new URL(t.mail.lastLinkTo(person.email));
  const match = new RegExp(`^/${app}/reset-password/([A-Za-z0-9_-]+)/([0-9a-z]+-[A-Za-z0-9_-]{32})$`).exec(link.pathname);
  expect(match, link.href).not.toBeNull();
  return { uid: match![1]!, token: match![2]! };
}

describe('asking for a reset link', () => {
  it('mails an active account a link to the app it asked from, with an HTML and a plain-text part', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    await resetLink(person, 'taberna');
    const message = t.mail.sent.at(-1)!;
    expect(message.subject).toBe('Reset your password');
    expect(message.html).toContain('Choose a new password');
    expect(message.text).toMatch(/works once, for 1 hour/);
    expect(message.text).toMatch(/^http:\/\/portal\.test\/taberna\/reset-password\/\S+$/m);
    await resetLink(person, 'social');
  });

  it('answers an unknown email exactly as a known one, and mails nothing', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const before = t.mail.sent.length;
    const known = await ask({ email: person.email });
    const unknown = await ask({ email: 'nobody.here@example.com' });
    expect([known.statusCode, unknown.statusCode]).toEqual([204, 204]);
    expect(known.body).toBe(unknown.body);
    expect(t.mail.sent.length).toBe(before + 1);
  });

  it('does not make a known email wait for its mail, which goes out all the same', async () => {
    // Were the answer to wait for the mail, a slow mail server would tell which emails have accounts.
    const { person } = await registerActivated(t.app, t.mail);
    const inactive = newPerson();
    await t.app.inject({ method: 'POST', url: '/api/social-profiles/register/', payload: inactive });
    const before = t.mail.sent.length;
    const release = t.mail.hold();
    try {
      for (const email of [person.email, inactive.email, 'nobody.here@example.com']) {
        const answer = await within(ask({ email }));
        expect(answer === 'still waiting' ? answer : answer.statusCode, email).toBe(204);
      }
    } finally {
      release();
    }
    expect(t.mail.sent.slice(before).map((m) => [m.to, m.subject])).toEqual([
      [person.email, 'Reset your password'],
      [inactive.email, 'Please activate your account'],
    ]);
  });

  it('sends an account not activated yet its activation link instead', async () => {
    const person = newPerson();
    await t.app.inject({ method: 'POST', url: '/api/social-profiles/register/', payload: person });
    expect((await ask({ email: person.email })).statusCode).toBe(204);
    expect(t.mail.sent.at(-1)!.subject).toBe('Please activate your account');
    expect(t.mail.lastLinkTo(person.email)).toMatch(/\/taberna-profiles\/activate\//);
  });

  it('refuses a malformed request with field errors', async () => {
    const bad = await ask({ email: 'not-an-email', app: 'elsewhere' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad)).sort()).toEqual(['app', 'email']);
    expect(json(bad).email).toEqual(['Enter a valid email address.']);
    expect((await ask({})).statusCode).toBe(400);
  });

  it('mails one account at most three links an hour, whoever asks; the answer stays 204', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const mailed = () => t.mail.sent.filter((m) => m.to === person.email && m.subject === 'Reset your password').length;
    for (let i = 0; i < 5; i += 1) expect((await ask({ email: person.email }, `198.51.100.${30 + i}`)).statusCode).toBe(204);
    expect(mailed()).toBe(3);
  });

  it('stops a flood from one address with 429 and Retry-After', async () => {
    const limited = await createTestApp({ REGISTRATIONS_PER_HOUR: '2' });
    try {
      const from = () => ask({ email: 'someone@example.com' }, '203.0.113.77', limited);
      expect((await from()).statusCode).toBe(204);
      expect((await from()).statusCode).toBe(204);
      const third = await from();
      expect(third.statusCode).toBe(429);
      expect(json(third)).toEqual({ detail: 'Too many password-reset requests from this address. Try again later.' });
      // In seconds, within the counter's hour.
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(3600);
      // Counted per address: another one still asks.
      expect((await ask({ email: 'someone@example.com' }, '203.0.113.78', limited)).statusCode).toBe(204);
    } finally {
      await limited.close();
    }
  });
});

describe('setting the new password', () => {
  it('sets it, ends every session and legacy token, and the link does not work twice', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const session = await socialLogin(t.app, person);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/auth/token/login/',
      payload: { email: person.email, password: person.password },
    });
    const legacyKey = (json(legacy) as { auth_token: string }).auth_token;
    const { uid, token } = await resetLink(person);

    const done = await confirm({ uid, token, new_password: NEW_PASSWORD, re_new_password: NEW_PASSWORD });
    expect(done.statusCode).toBe(204);
    expect((await login(person.email, person.password)).statusCode).toBe(401);
    expect((await login(person.email, NEW_PASSWORD)).statusCode).toBe(200);

    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', payload: { refresh: session.refresh } });
    expect(refresh.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/social-profiles/me/', headers: bearer(session.access) });
    expect(me.statusCode).toBe(401);
    const legacyMe = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account/',
      headers: { authorization: `Token ${legacyKey}` },
    });
    expect(legacyMe.statusCode).toBe(401);

    const again = await confirm({ uid, token, new_password: 'another-lantern-5521' });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual({ token: ['This link has expired or was already used. Ask for a new one.'] });
    expect((await login(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const { uid, token } = await resetLink(person);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    const late = await confirm({ uid, token, new_password: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(Object.keys(json(late))).toEqual(['token']);
    vi.useRealTimers();
    expect((await login(person.email, person.password)).statusCode).toBe(200);
  });

  it('dies when the password changes another way first', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const { uid, token } = await resetLink(person);
    const first = await resetLink(person);
    expect((await confirm({ ...first, new_password: NEW_PASSWORD })).statusCode).toBe(204);
    const stale = await confirm({ uid, token, new_password: 'another-lantern-5521' });
    expect(stale.statusCode).toBe(400);
    expect(Object.keys(json(stale))).toEqual(['token']);
  });

  it("refuses another account's token, an activation token and an unknown uid, changing nothing", async () => {
    const [{ person: alice }, { person: bob }] = [await registerActivated(t.app, t.mail), await registerActivated(t.app, t.mail)];
    const aliceLink = await resetLink(alice);
    const bobLink = await resetLink(bob);
    const crossed = await confirm({ uid: bobLink.uid, token: aliceLink.token, new_password: NEW_PASSWORD });
    expect(crossed.statusCode).toBe(400);
    expect(Object.keys(json(crossed))).toEqual(['token']);

    const newcomer = newPerson();
    await t.app.inject({ method: 'POST', url: '/api/social-profiles/register/', payload: newcomer });
    const activation = /\/activate\/([^/]+)\/([^/]+)\//.exec(t.mail.lastLinkTo(newcomer.email))!;
    const wrongKind = await confirm({ uid: activation[1], token: activation[2], new_password: NEW_PASSWORD });
    expect(wrongKind.statusCode).toBe(400);

    const unknown = await confirm({ uid: 'OTk5OTk5OQ', token: aliceLink.token, new_password: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toEqual({ uid: ['Invalid user id or user doesn’t exist.'] });

    expect((await login(alice.email, alice.password)).statusCode).toBe(200);
    expect((await login(bob.email, bob.password)).statusCode).toBe(200);
  });

  it('applies the sign-up rules and the repeat check; the link still works after a refusal', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const { uid, token } = await resetLink(person);
    const weak = await confirm({ uid, token, new_password: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(json(weak)).toEqual({ new_password: ['This password is too common.'] });
    const mismatch = await confirm({ uid, token, new_password: NEW_PASSWORD, re_new_password: `${NEW_PASSWORD}x` });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch)).toEqual({ re_new_password: ['The two password fields didn’t match.'] });
    const missing = await confirm({ uid, token });
    expect(json(missing)).toEqual({ new_password: ['This field is required.'] });
    expect((await login(person.email, person.password)).statusCode).toBe(200);
    expect((await confirm({ uid, token, new_password: NEW_PASSWORD })).statusCode).toBe(204);
  });
});

describe('setting the new password, at the edges', () => {
  it("refuses a new password too like the account's own details, as sign-up does", async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const { uid, token } = await resetLink(person);
    const alike = await confirm({ uid, token, new_password: `${person.username}9` });
    expect(alike.statusCode).toBe(400);
    expect(json(alike)).toEqual({ new_password: ['The password is too similar to the username.'] });
    expect((await login(person.email, person.password)).statusCode).toBe(200);
  });

  it('lets one of two simultaneous uses of one link win: the other is refused', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const { uid, token } = await resetLink(person);
    const passwords = [NEW_PASSWORD, 'another-lantern-5521'];
    const answers = await Promise.all(passwords.map((new_password) => confirm({ uid, token, new_password })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 400]);
    const lost = answers.find((answer) => answer.statusCode === 400)!;
    expect(json(lost)).toEqual({ token: ['This link has expired or was already used. Ask for a new one.'] });
    const won = passwords[answers.findIndex((answer) => answer.statusCode === 204)]!;
    const other = passwords.find((password) => password !== won)!;
    expect((await login(person.email, won)).statusCode).toBe(200);
    expect((await login(person.email, other)).statusCode).toBe(401);
  });
});

describe('logging in before activation', () => {
  it('says so to whoever knows the password, and only to them, in each login shape', async () => {
    const person = newPerson();
    await t.app.inject({ method: 'POST', url: '/taberna-profiles/api/register/', payload: person });
    const social = await login(person.email, person.password);
    expect(social.statusCode).toBe(401);
    expect(json(social)).toEqual({ detail: 'No active account found with the given credentials', code: 'account_inactive' });
    const wrong = await login(person.email, 'not-the-password-1');
    expect(json(wrong)).toEqual({ detail: 'No active account found with the given credentials' });

    const shop = await t.app.inject({
      method: 'POST',
      url: '/taberna-profiles/api/v1/token/',
      payload: { email: person.email, password: person.password },
    });
    expect(shop.statusCode).toBe(400);
    expect(json(shop)).toEqual({
      error: 'Authentication failed: No active account found with the given credentials',
      code: 'account_inactive',
    });
  });
});
