import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_TABLE,
  HTTP_TABLE,
  SOCKET_TABLE,
  parseBackofficeTable,
  parseTable,
  type BackofficeRow,
  type MatrixRow,
} from './access-matrix.table.js';
import { BACKOFFICE_REQUESTS, REQUESTS, SOCKETS, type Probe } from './access-matrix.requests.js';
import {
  BACKOFFICE_CALLERS,
  backofficeHeadersOf,
  CALLERS,
  createWorld,
  headersOf,
  socketTokenOf,
  type BackofficeCaller,
  type Caller,
  type World,
} from './support/access-world.js';
import { createFingerprint, describeDifference } from './support/database-fingerprint.js';
import { documentedRoutes, routeShape, undocumentedRoutes } from './support/route-inventory.js';
import { openTestSocket, userMessage } from './support/socket-client.js';
import { SETUP_TIMEOUT_MS } from './support/social.js';

const HTTP_ROWS = parseTable(HTTP_TABLE);
const SOCKET_ROWS = parseTable(SOCKET_TABLE);
const BACKOFFICE_ROWS = parseBackofficeTable(BACKOFFICE_TABLE);
/** The owner goes last, so that a success of the owner (a delete) cannot hide a refusal of the others. */
const ORDER: Caller[] = [...CALLERS.filter((caller) => caller !== 'owner'), 'owner'];

let w: World;
let fingerprint: () => Promise<string>;

beforeAll(async () => {
  w = await createWorld();
  fingerprint = await createFingerprint(w.t.database.db, w.t.dataDir);
}, SETUP_TIMEOUT_MS);
afterAll(() => w?.t.close());

/** What Alice sees of her own things; no one else's request may change it. */
async function aliceView(): Promise<string> {
  const urls = [
    '/api/v1/account/',
    '/api/social-profiles/me/',
    `/api/social-profiles/friends/${w.alice.profile.slug}/`,
    `/api/social-posts/${w.privatePostId}/`,
    `/api/social-chat/${w.conversationId}/`,
    '/api/social-notifications/',
    '/taberna-cart/api/cart/',
    '/taberna-profiles/api/v1/orders/',
    '/taberna-profiles/api/v1/billing/',
    '/ai-lab/conversations/',
    '/ai-lab/gallery/',
    '/api/hyper3d/scenes/',
    `/api/hyper3d/scenes/${w.scene.id}/`,
    '/ai-lab/settings/',
  ];
  const bodies = await Promise.all(urls.map((url) => w.t.app.inject({ method: 'GET', url, headers: w.alice.headers })));
  return bodies.map((response, i) => `${urls[i]} ${response.statusCode} ${response.body}`).join('\n');
}

describe('the access matrix lists every route', () => {
  it('has a row for each operation of the OpenAPI document and for each route it leaves out, and no others', () => {
    const documented = documentedRoutes(w.t.app);
    const undocumented = undocumentedRoutes(w.t.app);
    const listed = [...HTTP_ROWS, ...SOCKET_ROWS, ...BACKOFFICE_ROWS].map((row) => row.route);
    expect(documented.length).toBeGreaterThan(80);
    expect(new Set(listed).size).toBe(listed.length);
    const shapes = new Set(listed.map(routeShape));
    expect(documented.filter((route) => !listed.includes(route))).toEqual([]);
    expect(undocumented.filter((route) => !shapes.has(routeShape(route)))).toEqual([]);
    const served = new Set([...documented, ...undocumented].map(routeShape));
    expect(listed.filter((route) => !served.has(routeShape(route)))).toEqual([]);
  });

  it('knows how to call each row and nothing else', () => {
    expect(Object.keys(REQUESTS).sort()).toEqual(HTTP_ROWS.map((row) => row.route).sort());
    expect(Object.keys(SOCKETS).sort()).toEqual(SOCKET_ROWS.map((row) => row.route).sort());
    expect(Object.keys(BACKOFFICE_REQUESTS).sort()).toEqual(BACKOFFICE_ROWS.map((row) => row.route).sort());
  });
});

const changedLines = (before: string, after: string) => {
  const old = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !old.has(line))
    .map((line) => line.split(' ')[0])
    .join(', ');
};
const refusal = (outcome: string) => Number(outcome) >= 400;
/** Shared products' stock moves with everyone's orders, and "2 minutes ago" with the clock: neither is Alice's. */
const steady = (view: string) => view.replace(/"stock":\d+/g, '"stock":0').replace(/"(\w+_formatted)":"[^"]*"/g, '"$1":""');

describe('HTTP routes answer each caller as the table says', () => {
  it.each(HTTP_ROWS)('$route', async (row: MatrixRow) => {
    const request = REQUESTS[row.route]!;
    const state = (await request.prepare?.(w)) ?? {};
    const actual = {} as Record<Caller, string>;
    const problems: string[] = [];
    const call = async (caller: Caller, probe: Probe) => {
      const response = await w.t.app.inject({ ...probe, headers: { ...probe.headers, ...headersOf(w, caller) } });
      actual[caller] = String(response.statusCode);
      const leaked = w.secrets.filter((secret) => response.body.includes(secret));
      if (caller !== 'owner' && leaked.length > 0) problems.push(`${caller} received ${leaked.join(', ')}`);
    };
    const refused = ORDER.filter((caller) => caller !== 'owner' && refusal(row.expected[caller]));
    const admitted = ORDER.filter((caller) => caller !== 'owner' && !refusal(row.expected[caller]));

    // Callers the table refuses: at once, between two fingerprints of the whole database.
    const probes = await Promise.all(refused.map((caller) => request.build(w, caller, state)));
    let before = await fingerprint();
    await Promise.all(refused.map((caller, i) => call(caller, probes[i]!)));
    let after = await fingerprint();
    if (after !== before) problems.push(`refused callers changed ${describeDifference(before, after)}`);

    // Callers it admits: a read writes nothing; a write does not reach Alice's things.
    if (admitted.length > 0) {
      const reads = row.route.startsWith('GET ') && !request.writes;
      before = reads ? after : steady(await aliceView());
      if (request.oneAtATime) for (const caller of admitted) await call(caller, await request.build(w, caller, state));
      else await Promise.all(admitted.map(async (caller) => call(caller, await request.build(w, caller, state))));
      after = reads ? await fingerprint() : steady(await aliceView());
      if (reads && after !== before) problems.push(`reads changed ${describeDifference(before, after)}`);
      if (!reads && after !== before && !request.reachesOwner)
        problems.push(`others changed Alice's ${changedLines(before, after)}`);
    }
    await call('owner', await request.build(w, 'owner', state));
    expect({ outcomes: actual, problems }).toEqual({ outcomes: row.expected, problems: [] });
  });
});

/** `ready` when the server admitted the socket, otherwise its close code; with every frame received. */
async function openAs(path: string, caller: Caller): Promise<{ outcome: string; frames: number }> {
  const token = socketTokenOf(w, caller);
  const client = await openTestSocket(w.wsOrigin + path, token ? ['bearer', token] : undefined);
  const relay = path.startsWith('/ws/ai-lab/');
  // The AI relay sends nothing until spoken to; the social sockets send `{"ready": true}`.
  if (relay) client.send(userMessage('hello'));
  const admitted = relay ? client.next('conversation.item.created') : client.until((event) => event.ready === true);
  const closed = client.closed();
  const outcome = await Promise.race([admitted.then(() => 'ready'), closed.then(String)]);
  for (const pending of [admitted, closed]) pending.catch(() => undefined);
  const frames = client.events.length;
  client.socket.close();
  return { outcome, frames };
}

describe('websockets admit and refuse each caller as the table says', () => {
  it.each(SOCKET_ROWS)('$route', async (row: MatrixRow) => {
    const actual = {} as Record<Caller, string>;
    const problems: string[] = [];
    for (const caller of ORDER) {
      const { outcome, frames } = await openAs(SOCKETS[row.route]!(w, caller), caller);
      actual[caller] = outcome;
      if (outcome !== 'ready' && frames > 0) problems.push(`${caller} was refused after ${frames} frames`);
    }
    expect({ outcomes: actual, problems }).toEqual({ outcomes: row.expected, problems: [] });
  });
});

describe('back-office routes answer each caller as the table says', () => {
  it.each(BACKOFFICE_ROWS)('$route', async (row: BackofficeRow) => {
    const actual = {} as Record<BackofficeCaller, string>;
    const problems: string[] = [];
    // Every caller's target is made first; refused callers then change nothing at all.
    const probes = new Map<BackofficeCaller, Probe>();
    for (const caller of BACKOFFICE_CALLERS) probes.set(caller, await BACKOFFICE_REQUESTS[row.route]!(w, caller));
    const call = async (caller: BackofficeCaller) => {
      const probe = probes.get(caller)!;
      const response = await w.t.app.inject({ ...probe, headers: { ...probe.headers, ...backofficeHeadersOf(w, caller) } });
      actual[caller] = String(response.statusCode);
    };
    const refused = BACKOFFICE_CALLERS.filter((caller) => refusal(row.expected[caller]));
    const before = await fingerprint();
    for (const caller of refused) await call(caller);
    const after = await fingerprint();
    if (after !== before) problems.push(`refused callers changed ${describeDifference(before, after)}`);
    for (const caller of BACKOFFICE_CALLERS.filter((c) => !refused.includes(c))) await call(caller);
    expect({ outcomes: actual, problems }).toEqual({ outcomes: row.expected, problems: [] });
  });
});
