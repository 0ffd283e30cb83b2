import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_SUSPENDED_CODE } from '@portal/contracts';
import { CHANNELS } from '../src/core/events/event-bus.js';
import { createMemoryEventBus } from '../src/core/events/memory-event-bus.js';
import { runPortalCli } from '../src/portal-cli.js';
import { bearer, socialLogin } from './support/accounts.js';
import { member } from './support/backoffice.js';
import { conversationOf, sendMessage } from './support/chat.js';
import { multipart } from './support/social.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * SESSION_CACHE_TTL (core/session-cache.ts): a caller is remembered for a moment, so a repeated read
 * skips the session check; every change that could alter who a caller is or may do is seen at once.
 * The ttl is set here, so both CI passes (embedded, and PostgreSQL + Redis, where it is off by
 * default) run it.
 */
let t: TestApp;
let statements = 0;
// Stands for the other instances: what they announce arrives here.
const events = createMemoryEventBus();

beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_TTL: '1s' }, () => {}, { onQuery: () => void (statements += 1), events });
});
afterAll(async () => {
  await t.close();
  await events.close();
});

/** GET as someone: the status, the body and how many statements it ran. */
async function read(headers: Record<string, string>, url = '/api/v1/account/') {
  const before = statements;
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, statements: statements - before };
}

/** Lets events published on the bus arrive. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * The portal's clock (the test and the portal share a process), stopped, then moved on by `later`:
 * time-bound rules are checked at their edge, never by waiting on a busy machine.
 */
const stopClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
afterEach(() => vi.useRealTimers());

describe('the session cache', () => {
  it('answers a repeated read without the session check; another token is checked', async () => {
    const rosa = await member(t);
    const first = await read(rosa.headers);
    expect(first.status).toBe(200);
    const again = await read(rosa.headers);
    expect(again).toEqual({ ...first, statements: first.statements - 1 });
    const second = await socialLogin(t.app, rosa.person);
    expect((await read(bearer(second.access))).statements).toBe(first.statements);
  });

  it('refuses a token at once after its logout', async () => {
    const rosa = await member(t);
    expect((await read(rosa.headers)).status).toBe(200);
    const revoked = await t.app.inject({ method: 'POST', url: '/api/v1/token/revoke/', payload: { refresh: rosa.refresh } });
    expect(revoked.statusCode).toBe(204);
    const after = await read(rosa.headers);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'token_not_valid' });
  });

  it('refuses the other sessions at once after a password change', async () => {
    const rosa = await member(t);
    const other = await socialLogin(t.app, rosa.person);
    expect((await read(bearer(other.access))).status).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/social-profiles/editpassword/',
      headers: rosa.headers,
      payload: { old_password: rosa.person.password, new_password1: 'Quartz-lantern-7', new_password2: 'Quartz-lantern-7' },
    });
    expect(changed.json()).toEqual({ message: 'success' });
    expect((await read(bearer(other.access))).status).toBe(401);
  });

  it('refuses a token at once after a suspension, with the reason', async () => {
    const [rosa, staff] = [await member(t), await member(t, 'staff')];
    expect((await read(rosa.headers)).status).toBe(200);
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/accounts/${rosa.accountId}/suspend/`,
      headers: staff.headers,
      payload: { reason: 'Spam' },
    });
    expect(suspended.statusCode).toBe(200);
    const after = await read(rosa.headers);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: ACCOUNT_SUSPENDED_CODE });
  });

  it('shows a change of one’s own names at once', async () => {
    const rosa = await member(t);
    expect((await read(rosa.headers)).body).toMatchObject({ first_name: 'Rosa' });
    const { username, last_name, email } = rosa.person;
    const form = await multipart({ username, first_name: 'Rosalind', last_name, email });
    const edited = await t.app.inject({
      method: 'POST',
      url: '/api/social-profiles/editprofile/',
      payload: form.payload,
      headers: { ...rosa.headers, ...form.headers },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read(rosa.headers)).body).toMatchObject({ first_name: 'Rosalind' });
  });

  it('lets a role granted on the command line into the back office at once; staff are never remembered', async () => {
    stopClock();
    const rosa = await member(t);
    expect((await read(rosa.headers)).body).toMatchObject({ role: null });
    expect((await read(rosa.headers, '/api/backoffice/accounts/')).status).toBe(403);
    const io = { out: () => undefined, err: () => undefined };
    expect(
      await runPortalCli(['grant', rosa.person.email, 'staff'], { DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir }, io),
    ).toBe(0);
    expect((await read(rosa.headers, '/api/backoffice/accounts/')).status).toBe(200);
    // Elsewhere the role shows once the remembered caller runs out (the command line is another process).
    later(1_000);
    const asStaff = await read(rosa.headers);
    expect(asStaff.body).toMatchObject({ role: 'staff' });
    expect((await read(rosa.headers)).statements).toBe(asStaff.statements);

    expect(
      await runPortalCli(['grant', rosa.person.email, 'none'], { DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir }, io),
    ).toBe(0);
    expect((await read(rosa.headers)).body).toMatchObject({ role: null });
    expect((await read(rosa.headers, '/api/backoffice/accounts/')).status).toBe(403);
  });

  it('forgets on any write here, and on any session or content event from another instance', async () => {
    const rosa = await member(t);
    const full = (await read(rosa.headers)).statements;
    const remembered = async () => (await read(rosa.headers)).statements < full;
    expect(await remembered()).toBe(true);

    // A write that announces nothing on the bus (a chat): forgotten by this instance itself.
    const conversation = await conversationOf(t.app, rosa, await member(t));
    expect(await remembered()).toBe(true);
    const sent = await sendMessage(t.app, rosa, conversation.id, { body: 'Hello' });
    expect(sent.statusCode).toBeLessThan(300);
    expect(await remembered()).toBe(false);
    expect(await remembered()).toBe(true);

    await events.publish(CHANNELS.sessions, { type: 'session.revoked', sessionIds: ['elsewhere'] });
    await pause(0);
    expect(await remembered()).toBe(false);
    expect(await remembered()).toBe(true);

    await events.publish(CHANNELS.content, { type: 'content.changed', scopes: ['shop'], origin: 'elsewhere' });
    await pause(0);
    expect(await remembered()).toBe(false);
  });

  it('remembers a caller for the ttl at most', async () => {
    stopClock();
    const rosa = await member(t);
    const full = (await read(rosa.headers)).statements;
    expect((await read(rosa.headers)).statements).toBe(full - 1);
    later(999);
    expect((await read(rosa.headers)).statements).toBe(full - 1);
    later(1);
    expect((await read(rosa.headers)).statements).toBe(full);
  });
});

describe('the session cache and the access token’s expiry', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ SESSION_CACHE_TTL: '1m', ACCESS_TOKEN_TTL: '2s' });
  });
  afterAll(() => short.close());

  it('refuses an access token that ran out, though it was remembered', async () => {
    stopClock();
    const rosa = await member(short);
    for (const _ of [1, 2])
      expect((await short.app.inject({ method: 'GET', url: '/api/v1/account/', headers: rosa.headers })).statusCode).toBe(200);
    // Two seconds on, whenever within its second the token was made.
    later(3_000);
    const after = await short.app.inject({ method: 'GET', url: '/api/v1/account/', headers: rosa.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'token_not_valid' });
  });
});
