import { describe, expect, it } from 'vitest';
import { FORWARDED_WITHOUT_TRUST_WARNING } from '../src/core/client-info.js';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { createTestApp, json, newPerson, type TestApp } from './support/test-app.js';

// Deviation 13: password checks are throttled per account and address pair, with account-wide and
// address-wide ceilings, reserved before the hash runs, and shared by every path that takes a password.
// These tests run on the memory counter store, and on Redis when TEST_REDIS_URL is set.

// Each test starts its own portal; a loaded machine needs more than the default test timeout.
const SLOW_MS = 400_000;

async function withApp(env: Record<string, string>, run: (t: TestApp) => Promise<void>, logLines?: string[]) {
  const t = await createTestApp(env, () => {}, logLines ? { logLines } : {});
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

const socialToken = (t: TestApp, email: string, password: string, remoteAddress = '198.51.100.7') =>
  t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email, password }, remoteAddress });

describe('reserved attempts (finding 13.5)', { timeout: SLOW_MS }, () => {
  it('judges at most the limit of 16 parallel wrong guesses; the rest get 429 before any hash runs', async () => {
    await withApp({ LOGIN_MAX_FAILURES: '10' }, async (t) => {
      const { person } = await registerActivated(t.app, t.mail);
      const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => socialToken(t, person.email, `wrong-guess-${i}`)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(6);
      for (const answer of answers.filter((a) => a.statusCode === 429)) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(json(answer).detail).toMatch(/^Too many failed login attempts\. Try again in \d+ minutes?\.$/);
      }
      // The right password from that address is refused too until the window ends.
      expect((await socialToken(t, person.email, person.password)).statusCode).toBe(429);
    });
  });

  it('a right password does not use up the allowance: many good logins in a row all pass', async () => {
    await withApp({ LOGIN_MAX_FAILURES: '3', LOGIN_ACCOUNT_MAX_FAILURES: '3', LOGIN_ADDRESS_MAX_FAILURES: '3' }, async (t) => {
      const { person } = await registerActivated(t.app, t.mail);
      for (let i = 0; i < 8; i += 1) expect((await socialToken(t, person.email, person.password)).statusCode).toBe(200);
      expect((await socialToken(t, person.email, 'wrong-guess')).statusCode).toBe(401);
    });
  });
});

describe('per account and address (finding 13.4)', { timeout: SLOW_MS }, () => {
  it('audit S4: counts İnes@… and ines@… (one account to PostgreSQL) on the same counters', async () => {
    await withApp({ LOGIN_MAX_FAILURES: '3' }, async (t) => {
      const tag = Math.random().toString(36).slice(2, 8);
      const { person } = await registerActivated(t.app, t.mail, 'social', {
        ...newPerson(tag),
        email: `ines.${tag}@example.com`,
      });
      const dotted = `İnes.${tag}@example.com`;
      // The premise: the database's lower-casing logs İnes in as ines.
      expect((await socialToken(t, dotted, person.password)).statusCode).toBe(200);
      for (const email of [dotted, dotted, person.email]) expect((await socialToken(t, email, 'wrong')).statusCode).toBe(401);
      expect((await socialToken(t, person.email, person.password)).statusCode).toBe(429);
      expect((await socialToken(t, dotted, person.password)).statusCode).toBe(429);
    });
  });

  it('a burst from one address locks that address out of that account only; the owner logs in from elsewhere', async () => {
    await withApp({ LOGIN_MAX_FAILURES: '3' }, async (t) => {
      const { person } = await registerActivated(t.app, t.mail);
      const other = (await registerActivated(t.app, t.mail)).person;
      for (let i = 0; i < 3; i += 1) expect((await socialToken(t, person.email, 'wrong', '203.0.113.66')).statusCode).toBe(401);
      // Further tries from the attacker's address are refused, even with the right password…
      for (let i = 0; i < 20; i += 1) expect((await socialToken(t, person.email, 'wrong', '203.0.113.66')).statusCode).toBe(429);
      expect((await socialToken(t, person.email, person.password, '203.0.113.66')).statusCode).toBe(429);
      // …while the owner, from another address, logs in, and the attacker's address can still reach other accounts.
      expect((await socialToken(t, person.email, person.password, '192.0.2.10')).statusCode).toBe(200);
      expect((await socialToken(t, other.email, other.password, '203.0.113.66')).statusCode).toBe(200);
    });
  });

  it('behind a trusted proxy the pair is keyed by the X-Forwarded-For address', async () => {
    await withApp({ LOGIN_MAX_FAILURES: '3', TRUST_PROXY: 'true' }, async (t) => {
      const { person } = await registerActivated(t.app, t.mail);
      const via = (client: string, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/token/',
          payload: { email: person.email, password },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 3; i += 1) expect((await via('203.0.113.5', 'wrong')).statusCode).toBe(401);
      expect((await via('203.0.113.5', person.password)).statusCode).toBe(429);
      expect((await via('198.51.100.23', person.password)).statusCode).toBe(200);
    });
  });

  it('an account-wide ceiling stops guessing spread over many addresses', async () => {
    await withApp({ LOGIN_MAX_FAILURES: '3', LOGIN_ACCOUNT_MAX_FAILURES: '5' }, async (t) => {
      const { person } = await registerActivated(t.app, t.mail);
      for (let i = 1; i <= 5; i += 1)
        expect((await socialToken(t, person.email, 'wrong', `203.0.113.${i}`)).statusCode).toBe(401);
      const locked = await socialToken(t, person.email, person.password, '192.0.2.200');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  it('an address-wide ceiling stops one address spraying many accounts', async () => {
    await withApp({ LOGIN_ADDRESS_MAX_FAILURES: '4' }, async (t) => {
      const statuses = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await socialToken(t, `victim${i}@example.com`, 'guess-guess')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    });
  });

  it('warns once when X-Forwarded-For arrives while TRUST_PROXY=false', async () => {
    const logLines: string[] = [];
    await withApp(
      { LOG_LEVEL: 'info' },
      async (t) => {
        const warnings = () => logLines.filter((line) => line.includes(FORWARDED_WITHOUT_TRUST_WARNING));
        await t.app.inject({ method: 'GET', url: '/healthz' });
        expect(warnings()).toHaveLength(0);
        for (let i = 0; i < 3; i += 1) {
          await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
        }
        expect(warnings()).toHaveLength(1);
        expect(JSON.parse(warnings()[0]!)).toMatchObject({ level: 40 });
      },
      logLines,
    );
  });

  it('does not warn when TRUST_PROXY=true', async () => {
    const logLines: string[] = [];
    await withApp(
      { TRUST_PROXY: 'true' },
      async (t) => {
        await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
        expect(logLines.some((line) => line.includes('X-Forwarded-For'))).toBe(false);
      },
      logLines,
    );
  });
});

describe('every password check shares the counters (finding 13.6)', { timeout: SLOW_MS }, () => {
  it('social sign-up of an existing account counts as a login attempt; a locked account answers like a wrong password', async () => {
    await withApp({ LOGIN_MAX_FAILURES: '3' }, async (t) => {
      const { person } = await registerActivated(t.app, t.mail, 'taberna');
      const signUp = (password: string, remoteAddress = '198.51.100.7') =>
        t.app.inject({
          method: 'POST',
          url: '/api/social-profiles/register/',
          payload: { ...person, password, username: `${person.username}x` },
          remoteAddress,
        });
      const wrong = await signUp('not-her-password-1');
      expect(wrong.statusCode).toBe(400);
      for (let i = 2; i <= 3; i += 1) expect((await signUp(`not-her-password-${i}`)).statusCode).toBe(400);
      // The sign-up guesses used up this address's allowance for the account: the login is locked…
      expect((await socialToken(t, person.email, person.password)).statusCode).toBe(429);
      // …and the sign-up form, now given the right password, answers exactly as for a wrong one.
      const locked = await signUp(person.password);
      expect(locked.statusCode).toBe(wrong.statusCode);
      expect(locked.body).toBe(wrong.body);
      expect(locked.headers['retry-after']).toBeUndefined();
      // Nothing was attached: from another address the right password attaches the social profile.
      const elsewhere = await signUp(person.password, '192.0.2.44');
      expect(elsewhere.statusCode).toBe(200);
      expect(json(elsewhere)).toEqual({ detail: 'social_profile_created' });
    });
  });

  it('wrong old passwords in a password change lock the login from that address', async () => {
    await withApp({ LOGIN_MAX_FAILURES: '3' }, async (t) => {
      const { person } = await registerActivated(t.app, t.mail);
      const tokens = await socialLogin(t.app, person);
      const change = (old_password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/social-profiles/editpassword/',
          headers: bearer(tokens.access),
          payload: { old_password, new_password1: 'copper-lantern-2040', new_password2: 'copper-lantern-2040' },
          remoteAddress: '198.51.100.7',
        });
      for (let i = 0; i < 3; i += 1) {
        const answer = await change('not-my-password');
        expect(answer.statusCode).toBe(200);
        expect(Object.keys(JSON.parse(json(answer).message as string) as object)).toEqual(['old_password']);
      }
      expect((await socialToken(t, person.email, person.password)).statusCode).toBe(429);
      const locked = await change(person.password);
      expect(locked.statusCode).toBe(200);
      expect(JSON.parse(json(locked).message as string)).toEqual({
        old_password: [{ message: expect.stringMatching(/^Too many failed login attempts/), code: 'throttled' }],
      });
      // The password did not change.
      expect((await socialToken(t, person.email, person.password, '192.0.2.46')).statusCode).toBe(200);
    });
  });
});
