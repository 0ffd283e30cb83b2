// `npm run bench:scale` (issue 24): the built portal filled to scale, measured at 1× and 100× in one run.
// For each scale, in a fresh data directory: a first start (the demo), `npm run portal -- seed-scale <n>`
// (timed), a start on the filled database (timed), then for each endpoint of issue 24 the latency of one
// request at a time (uncached: PUBLIC_CACHE=off; the median of BENCH_SCALE_REPEATS) and p50/p99 under 20
// connections (autocannon, BENCH_SCALE_ROUNDS rounds of BENCH_SCALE_DURATION s, medians), then 20
// connections searching for 10 s while a few read the anonymous feed, then the memory. Writes the "Data
// scale" section of docs/performance.md (the rest of the file is `npm run bench`'s) with the growth of
// each endpoint and each target MET or NOT MET. Loopback only; everything it starts is stopped.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staleParts } from './build-state.mjs';
import {
  cannon,
  DATA_SCALE_HEADING,
  int,
  loadAverage,
  machine,
  mb,
  median,
  memory,
  met,
  ms,
  ROOT,
  startPortal,
  stopChild,
  stopLeftoverPostgres,
  table,
  withDataScaleSection,
} from './bench-support.mjs';

const PORT = Number(process.env.BENCH_SCALE_PORT ?? 8192);
const SCALES = (process.env.BENCH_SCALES ?? '1,100').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_SCALE_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const REPEATS = Number(process.env.BENCH_SCALE_REPEATS ?? 15);
const CONNECTIONS = 20;
const FLOOD_S = 10;
const FEED_READERS = 4;
const REPORT = path.join(ROOT, 'docs', 'performance.md');
const PASSWORD = 'portal-demo-2026';
const TIME_LIMIT_MS = 3 * 3600_000;
const TARGETS = { oneRequestMs: 50, growth: 2, waitMs: 1000, feedP99Ms: 100, memoryMb: 400, startMs: 2000, generateS: 180 };

if (staleParts().some((part) => part.name === 'server')) {
  console.error('The server build is out of date: run `npm run build` first.');
  process.exit(1);
}
const whole = (value, min, max) => Number.isInteger(value) && value >= min && value <= max;
if (!SCALES.every((scale) => [1, 10, 100, 1000].includes(scale)) || SCALES.length < 1) {
  console.error('BENCH_SCALES is a comma list of 1, 10, 100 and 1000 (default 1,100).');
  process.exit(2);
}
if (!whole(DURATION_S, 1, 60) || !whole(ROUNDS, 1, 9) || !whole(REPEATS, 3, 99)) {
  console.error('BENCH_SCALE_DURATION is 1-60 s, BENCH_SCALE_ROUNDS 1-9, BENCH_SCALE_REPEATS 3-99.');
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-scale-'));
// The embedded PostgreSQL runs as an unprivileged account when the bench runs as root: it must reach its directory.
fs.chmodSync(tmp, 0o755);
const children = new Set();
const dataDirs = [];
const log = (line) => console.log(`[bench:scale] ${line}`);
const base = `http://127.0.0.1:${PORT}`;

let cleaning;
function cleanup() {
  cleaning ??= (async () => {
    await Promise.all([...children].map((child) => stopChild(children, child)));
    for (const dir of dataDirs) await stopLeftoverPostgres(dir);
    fs.rmSync(tmp, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n[bench:scale] ${signal}: stopping the servers`);
    cleanup().finally(() => process.exit(130));
  });
}
setTimeout(() => {
  console.error('[bench:scale] over its time limit: stopping');
  cleanup().finally(() => process.exit(1));
}, TIME_LIMIT_MS).unref();

// ---------------------------------------------------------------------------------------------- requests

async function call(urlPath, { token, method = 'GET', body } = {}) {
  const response = await fetch(base + urlPath, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw Object.assign(new Error(`${method} ${urlPath}: ${response.status} ${text.slice(0, 300)}`), {
      status: response.status,
      retryAfter: Number(response.headers.get('retry-after') ?? 1),
    });
  }
  return JSON.parse(text);
}

const login = async (email, shop = false) =>
  (
    await call(shop ? '/taberna-profiles/api/v1/token/' : '/api/v1/token/', {
      method: 'POST',
      body: { email, password: PASSWORD },
    })
  ).access;
const person = (n) => `scale-${n}@example.com`;

/** Who and what the endpoints read, found through the API: the same fixtures at every scale. */
async function fixtures() {
  const hub = await login(person(1));
  const me = await call('/api/social-profiles/me/', { token: hub });
  const second = await call('/api/social-profiles/me/', { token: await login(person(2)) });
  const third = await call('/api/social-profiles/me/', { token: await login(person(3)) });
  const post = (await call(`/api/social-posts/profile/${me.slug}/`, { token: hub })).results.posts[0];
  const conversation = (await call('/api/social-chat/', { token: hub })).find((c) => c.users.some((u) => u.id === second.id));
  let next = (await call('/api/social-posts/', { token: hub })).next;
  for (let page = 2; page < 50; page += 1)
    next = (await call(new URL(next).pathname + new URL(next).search, { token: hub })).next;
  const fiftieth = new URL(next);
  const staff = await login('staff@example.com');
  const order = (await call('/api/backoffice/orders/?page_size=1', { token: staff })).results[0];
  return {
    post: post.id,
    comments: post.comments_count,
    conversation: conversation.id,
    fiftieth: fiftieth.pathname + fiftieth.search,
    author: third.slug,
    typoName: `${third.first_name[0]}${third.first_name.slice(2)} ${third.last_name}`,
    orderNumber: order.order_number,
  };
}

/** The endpoints of issue 24's second point, as the web app calls them. `who`: hub (500 friends), customer (100 orders), staff. */
function endpointsOf(f) {
  const search = (query) => ({ method: 'POST', path: '/api/social-posts/search/', body: { query } });
  return [
    { id: 'post-search-word', name: 'post search, a word ("mountain")', who: 'hub', ...search('mountain') },
    { id: 'post-search-typo', name: 'post search, a typo ("mountian")', who: 'hub', ...search('mountian') },
    { id: 'people-search-typo', name: `people search, a typo ("${f.typoName}")`, who: 'hub', ...search(f.typoName) },
    { id: 'portal-search', name: 'portal-wide search, a typo ("mountian")', who: 'hub', path: '/api/search/?q=mountian' },
    {
      id: 'shop-search-typo',
      name: 'shop search, a typo ("Oragnic")',
      who: null,
      method: 'POST',
      path: '/taberna-store/api/v1/products/search/',
      body: { query: 'Oragnic' },
    },
    { id: 'feed', name: 'feed of a person with 500 friends, page 1', who: 'hub', path: '/api/social-posts/' },
    { id: 'feed-50', name: 'the same feed, page 50 (its next link)', who: 'hub', path: f.fiftieth },
    { id: 'profile-posts', name: "a profile's posts", who: 'hub', path: `/api/social-posts/profile/${f.author}/` },
    {
      id: 'post-comments',
      name: `a post with ${f.comments} comments (the first 20)`,
      who: 'hub',
      path: `/api/social-posts/${f.post}/?comments_page_size=20`,
    },
    {
      id: 'post-comments-all',
      name: `the same post, every comment (contract §5.3)`,
      who: 'hub',
      path: `/api/social-posts/${f.post}/`,
    },
    {
      id: 'category',
      name: 'category page, by price, red, from 10 (24 a page)',
      who: null,
      path: '/taberna-store/api/v1/products/clothing/?sort=price&color=Red&min_price=10&page_size=24',
    },
    {
      id: 'orders',
      name: 'order history of a customer with 100 orders (10 a page)',
      who: 'customer',
      path: '/taberna-profiles/api/v1/orders/?page_size=10',
    },
    {
      id: 'orders-all',
      name: 'the same, every order (contract §8.15)',
      who: 'customer',
      path: '/taberna-profiles/api/v1/orders/',
    },
    { id: 'chat-list', name: 'chat list (60 conversations)', who: 'hub', path: '/api/social-chat/' },
    {
      id: 'chat-history',
      name: 'chat history (a conversation of 1,000 messages)',
      who: 'hub',
      path: `/api/social-chat/${f.conversation}/`,
    },
    { id: 'notifications', name: 'notifications', who: 'hub', path: '/api/social-notifications/' },
    {
      id: 'bo-orders',
      name: 'back office: orders ?search=',
      who: 'staff',
      path: `/api/backoffice/orders/?search=${f.orderNumber.slice(-6)}`,
    },
    {
      id: 'bo-accounts',
      name: 'back office: accounts ?search=',
      who: 'staff',
      path: '/api/backoffice/accounts/?search=scale-42',
    },
    { id: 'bo-products', name: 'back office: products ?search=', who: 'staff', path: '/api/backoffice/products/?search=cotton' },
    {
      id: 'bo-categories',
      name: 'back office: categories ?search=',
      who: 'staff',
      path: '/api/backoffice/categories/?search=cloth',
    },
    { id: 'bo-stock', name: 'back office: stock ledger ?search=', who: 'staff', path: '/api/backoffice/stock/?search=cotton' },
    {
      id: 'bo-reports',
      name: 'back office: reported posts ?search=',
      who: 'staff',
      path: '/api/backoffice/reports/?search=spam',
    },
    { id: 'bo-audit', name: 'back office: audit ?search=', who: 'staff', path: '/api/backoffice/audit/?search=order' },
    { id: 'bo-overview', name: 'back office: overview', who: 'staff', path: '/api/backoffice/overview/' },
  ];
}

/**
 * Like for like: reads of {@link endpointsOf} with a page no larger than what matches at 1×
 * (seed-scale is deterministic), so that both scales answer as many rows; reported apart from the
 * targets, beside the endpoint they repeat.
 */
function sameSizeOf(endpoints) {
  const variant = (id, size, name, path) => ({
    ...endpoints.find((e) => e.id === id),
    id: `${id}-${size}`,
    sameAs: id,
    name,
    path,
  });
  return [
    variant(
      'category',
      4,
      'category page, by price, red, from 10 (4 a page)',
      '/taberna-store/api/v1/products/clothing/?sort=price&color=Red&min_price=10&page_size=4',
    ),
    variant(
      'bo-accounts',
      11,
      'back office: accounts ?search= (11 a page)',
      '/api/backoffice/accounts/?search=scale-42&page_size=11',
    ),
    variant('bo-products', 5, 'back office: products ?search= (5 a page)', '/api/backoffice/products/?search=cotton&page_size=5'),
  ];
}

async function tokenFor(who) {
  if (who === 'hub') return login(person(1));
  if (who === 'customer') return login(person(2), true);
  if (who === 'staff') return login('staff@example.com');
  return undefined;
}

/** One request at a time: a warm-up, then REPEATS timed requests. */
async function single(endpoint, token) {
  let bytes = 0;
  const once = async () => {
    const started = performance.now();
    const answer = await call(endpoint.path, { token, method: endpoint.method, body: endpoint.body });
    const ms = performance.now() - started;
    // The server writes JSON without spaces: the same length as this.
    bytes = Buffer.byteLength(JSON.stringify(answer));
    return ms;
  };
  // The warm-up waits out the limit of expensive reads the load before may still hold (a search
  // answered 503 with Retry-After while the previous endpoint's 20 connections drain).
  for (let attempt = 1; ; attempt += 1) {
    try {
      await once();
      break;
    } catch (error) {
      if (![429, 503].includes(error.status) || attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(5, Math.max(1, error.retryAfter || 1)) * 1000));
    }
  }
  const times = [];
  for (let n = 0; n < REPEATS; n += 1) times.push(await once());
  return { median: median(times), min: Math.min(...times), max: Math.max(...times), bytes };
}

/**
 * A load of one endpoint: p50 and p99 of its answers (2xx), the refusals of the limit of expensive
 * reads (503, issue 24's fourth point) counted apart from the errors.
 */
async function loadOf(endpoint, token, connections = CONNECTIONS, duration = DURATION_S) {
  const result = await cannon({
    url: base + endpoint.path,
    connections,
    duration,
    method: endpoint.method ?? 'GET',
    body: endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { ...result, p50: result.answered.p50, p99: result.answered.p99, errors: result.errors - result.refused };
}

/** 20 connections searching (words, typos, names; posts, the portal, the shop) while a few read the anonymous feed. */
async function flood(f, token) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const post = (path, query) => ({ method: 'POST', path, headers, body: JSON.stringify({ query }) });
  const requests = [
    post('/api/social-posts/search/', 'mountain'),
    post('/api/social-posts/search/', 'mountian'),
    post('/api/social-posts/search/', f.typoName),
    { method: 'GET', path: '/api/search/?q=sunest', headers },
    post('/taberna-store/api/v1/products/search/', 'Oragnic'),
    post('/api/social-posts/search/', 'coffee weekend'),
    post('/taberna-store/api/v1/products/search/', 'cotton'),
    { method: 'GET', path: '/api/search/?q=garden', headers },
  ];
  const [searches, feed] = await Promise.all([
    cannon({ url: base, connections: CONNECTIONS, duration: FLOOD_S, requests }),
    cannon({ url: `${base}/api/social-posts/`, connections: FEED_READERS, duration: FLOOD_S }),
  ]);
  return { searches, feed };
}

// ---------------------------------------------------------------------------------------------- one scale

async function measureScale(scale) {
  const dataDir = path.join(tmp, `scale-${scale}`);
  dataDirs.push(dataDir);
  log(`scale ${scale}: first start (creates the database and the demo)`);
  // Seeding the demo draws its pictures: minutes on a busy machine.
  const first = await startPortal({ port: PORT, dataDir, children, timeoutMs: 600_000 });
  await stopChild(children, first.child);

  log(`scale ${scale}: npm run portal -- seed-scale ${scale}`);
  const started = performance.now();
  const generated = spawnSync(process.execPath, [path.join(ROOT, 'scripts/portal.mjs'), 'seed-scale', String(scale)], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const generateS = (performance.now() - started) / 1000;
  if (generated.status !== 0) throw new Error(`seed-scale ${scale} failed: ${generated.stderr}`);
  log(generated.stdout.trim().split('\n')[0]);
  const steps = generated.stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /: \d+(\.\d+)? s$/.test(line));
  const databaseBytes = Number(
    spawnSync('du', ['-sb', path.join(dataDir, 'postgres')], { encoding: 'utf8' }).stdout.split('\t')[0],
  );

  log(`scale ${scale}: start on the filled database`);
  const portal = await startPortal({ port: PORT, dataDir, children, env: { PUBLIC_CACHE: 'off' }, timeoutMs: 600_000 });
  const result = { scale, generateS, steps, rows: generated.stdout.trim().split('\n')[0], databaseBytes, startMs: portal.ms };
  result.memoryAfterStart = memory(portal.child, dataDir);
  const f = await fixtures();
  result.endpoints = [];
  const measured = endpointsOf(f);
  for (const endpoint of [...measured, ...sameSizeOf(measured)]) {
    const token = await tokenFor(endpoint.who);
    const one = await single(endpoint, token);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) rounds.push(await loadOf(endpoint, token));
    const of = (key) => median(rounds.map((r) => r[key]));
    result.endpoints.push({
      ...endpoint,
      single: one,
      rounds,
      p50: of('p50'),
      p99: of('p99'),
      rps: of('rps'),
      errors: rounds.reduce((sum, r) => sum + r.errors, 0),
      refused: rounds.reduce((sum, r) => sum + r.refused, 0),
    });
    log(
      `scale ${scale}: ${endpoint.name}: one request ${ms(one.median)}, 20 connections p50 ${ms(of('p50'))} p99 ${ms(of('p99'))}, ${int(of('rps'))} req/s`,
    );
  }
  log(`scale ${scale}: 20 connections searching for ${FLOOD_S} s, ${FEED_READERS} reading the anonymous feed`);
  result.flood = await flood(f, await tokenFor('hub'));
  result.memoryAfterLoad = memory(portal.child, dataDir);
  await stopChild(children, portal.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

// ---------------------------------------------------------------------------------------------- the report

/** The logged-in feed's share of the bare route from `npm run bench`'s own table, when it has one. */
function loggedInFeedFromBench(text) {
  const row = text.split('\n').find((line) => line.startsWith('| feed, logged in (`GET /api/social-posts/`)'));
  const measured = row?.split('|')[3]?.trim();
  const date = /on (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(text)?.[1];
  const ratio = measured ? Number(/([\d.]+)%/.exec(measured)?.[1]) : undefined;
  return ratio === undefined ? undefined : { ratio, measured, date };
}

/** What a load had besides answers: refusals of the limit (503) and errors. */
const loadNotes = (x) =>
  [x.refused ? `${int(x.refused)} refused` : '', x.errors ? `${int(x.errors)} errors` : '']
    .filter(Boolean)
    .map((note) => ` (${note})`)
    .join('');

/** An endpoint as the tables name it: its name, then its method and path (shortened). */
const endpointCell = (e) => `${e.name}<br>\`${e.method ?? 'GET'} ${e.path.length > 70 ? `${e.path.slice(0, 67)}…` : e.path}\``;

function report(run, error) {
  const small = run.scales.find((s) => s.scale === Math.min(...SCALES));
  const big = run.scales.find((s) => s.scale === Math.max(...SCALES));
  const growth = (e) => {
    const before = small?.endpoints.find((x) => x.id === e.id);
    return before && before.p50 > 0 ? e.p50 / before.p50 : e.p50 / Math.max(before?.p50 ?? 1, 1);
  };
  const lines = [
    DATA_SCALE_HEADING,
    '',
    `Written by \`npm run bench:scale\` (\`scripts/bench-scale.mjs\`) on ${run.date.toISOString().slice(0, 16).replace('T', ' ')} UTC; run it again to`,
    'replace this section (`npm run bench` keeps it). Issue 24: the portal filled by `npm run portal -- seed-scale <n>`',
    `(100 = 10,000 people, 200,000 posts, 100,000 orders …), measured at ${SCALES.map((s) => `${s}×`).join(' and ')} in one run, each in a fresh data`,
    'directory, built, on the embedded PostgreSQL with `PUBLIC_CACHE=off` (every request reaches the database) and `RATE_LIMITS=off`.',
    `One request: the median of ${REPEATS} one after the other (after one more, not counted). Under load: ${CONNECTIONS} connections for ${DURATION_S} s, ${ROUNDS}`,
    `rounds, medians. ${m(run)}`,
    `Load average (1 / 5 / 15 min) at the start: ${run.loadStart}; at the end: ${run.loadEnd}.`,
  ];
  if (error) lines.push('', `**The run stopped early: ${error.message}** — the figures below are what it measured before.`);
  if (big && small) {
    const endpoints = big.endpoints.filter((e) => !e.sameAs);
    const alike = big.endpoints.filter((e) => e.sameAs);
    const at = (scale, e) => scale.endpoints.find((x) => x.id === e.id);
    const kb = (bytes) => (bytes === undefined ? '?' : `${(bytes / 1024).toFixed(1)} KB`);
    const answers = (e) => run.scales.map((sc) => kb(at(sc, e)?.single.bytes)).join(' / ');
    const scales = run.scales.map((sc) => `${sc.scale}×`).join(' / ');
    const fuller = (e) => (at(big, e)?.single.bytes ?? 0) >= 2 * (at(small, e)?.single.bytes ?? Infinity);
    const slow = endpoints.filter((e) => e.single.median > TARGETS.oneRequestMs);
    const grown = endpoints.filter((e) => growth(e) > TARGETS.growth);
    const worst = (list, key) => list.reduce((a, b) => (key(b) > key(a) ? b : a), list[0]);
    const slowest = worst(endpoints, (e) => e.single.median);
    const most = worst(endpoints, growth);
    const flooded = big.flood;
    const bench = loggedInFeedFromBench(run.performance);
    lines.push(
      '',
      '### Targets',
      '',
      table(
        ['what', 'target', 'measured', 'status'],
        [
          [
            `every endpoint below, one request, at ${big.scale}×`,
            `≤ ${TARGETS.oneRequestMs} ms`,
            `${endpoints.length - slow.length} of ${endpoints.length} within; slowest ${slowest.name} ${ms(slowest.single.median)}`,
            met(slow.length === 0),
          ],
          [
            `growth of p50 (${CONNECTIONS} connections) from ${small.scale}× to ${big.scale}×`,
            `≤ ${TARGETS.growth}× for every endpoint`,
            `${endpoints.length - grown.length} of ${endpoints.length} within; most ×${growth(most).toFixed(2)} (${most.name})` +
              (grown.length > 0
                ? `; ${grown.filter(fuller).length} of the ${grown.length} others answer at least twice the bytes at ${big.scale}× (fuller pages: "Like for like" below)`
                : ''),
            met(grown.length === 0),
          ],
          [
            `${CONNECTIONS} connections searching for ${FLOOD_S} s at ${big.scale}×`,
            `no request waits more than ${TARGETS.waitMs / 1000} s; the anonymous feed meanwhile p99 < ${TARGETS.feedP99Ms} ms`,
            `longest ${ms(flooded.searches.max)} (${int(flooded.searches.statuses['2xx'])} answered, ${int(flooded.searches.statuses['5xx'])} refused with 503); feed p99 ${ms(flooded.feed.p99)}, ${flooded.feed.errors} errors`,
            met(flooded.searches.max <= TARGETS.waitMs && flooded.feed.p99 < TARGETS.feedP99Ms && flooded.feed.errors === 0),
          ],
          [
            `memory after the load at ${big.scale}×, portal RSS + PostgreSQL PSS`,
            `< ${TARGETS.memoryMb} MB`,
            `${mb(big.memoryAfterLoad.total)} (${mb(big.memoryAfterLoad.portalRss)} + ${mb(big.memoryAfterLoad.dbPss)})`,
            met(big.memoryAfterLoad.total < TARGETS.memoryMb),
          ],
          [
            `start-up with the ${(big.databaseBytes / 1e9).toFixed(1)} GB database (${big.scale}×), to healthy`,
            `< ${TARGETS.startMs / 1000} s`,
            ms(big.startMs),
            met(big.startMs < TARGETS.startMs),
          ],
          [
            `\`seed-scale ${big.scale}\``,
            `< ${TARGETS.generateS / 60} min`,
            `${big.generateS.toFixed(0)} s`,
            met(big.generateS < TARGETS.generateS),
          ],
          [
            'logged-in feed at demo size, `npm run bench`',
            '≥ 15% of the bare route',
            bench ? `${bench.measured} (the run of ${bench.date} UTC above)` : 'not in this file: run `npm run bench`',
            bench ? met(bench.ratio >= 15) : '—',
          ],
        ],
      ),
      '',
      '### Endpoints',
      '',
      `One request (median) and p50 / p99 of the answers under ${CONNECTIONS} connections, at each scale; growth = p50 at ${big.scale}× / p50 at ${small.scale}×. ` +
        `"Refused": answered 503 by the limit of expensive reads (\`EXPENSIVE_READ_CONCURRENCY\` at once, four waiting per slot for at most \`EXPENSIVE_READ_QUEUE_WAIT\`), ` +
        'as issue 24 asks of a flood of searches: counted apart, not in the latencies (a refusal comes back at once), and not an error; "errors" are any other failure.',
      '',
      table(
        [
          'endpoint',
          ...run.scales.flatMap((s) => [`${s.scale}× one request`, `${s.scale}× p50 / p99`]),
          'growth of p50',
          `answer ${scales}`,
          'status',
        ],
        endpoints.map((e) => [
          endpointCell(e),
          ...run.scales.flatMap((s) => {
            const x = s.endpoints.find((y) => y.id === e.id);
            return x ? [ms(x.single.median), `${ms(x.p50)} / ${ms(x.p99)}${loadNotes(x)}`] : ['?', '?'];
          }),
          `×${growth(e).toFixed(2)}`,
          answers(e),
          met(e.single.median <= TARGETS.oneRequestMs && growth(e) <= TARGETS.growth && e.errors === 0),
        ]),
      ),
      '',
      '### Like for like',
      '',
      `A list's page fills as the data grows: at ${small.scale}× fewer rows match than a page holds, at ${big.scale}× the page is full. ` +
        `The same reads with a page no larger than what matches at ${small.scale}×, so that both scales answer as many rows (not in the targets):`,
      '',
      table(
        ['endpoint', `p50 ${scales}`, 'growth of p50', `answer ${scales}`, 'the full page: growth, answer'],
        alike.map((e) => {
          const full = endpoints.find((x) => x.id === e.sameAs);
          return [
            endpointCell(e),
            run.scales.map((sc) => (at(sc, e) ? ms(at(sc, e).p50) : '?')).join(' / '),
            `×${growth(e).toFixed(2)}`,
            answers(e),
            full ? `×${growth(full).toFixed(2)}, ${answers(full)}` : '?',
          ];
        }),
      ),
    );
  }
  for (const s of run.scales) {
    lines.push(
      '',
      `### ${s.scale}×: raw figures`,
      '',
      `\`seed-scale ${s.scale}\`: ${s.generateS.toFixed(1)} s (${s.steps.join('; ')}). ${s.rows} Database on disk: ${(s.databaseBytes / 1e9).toFixed(2)} GB.`,
      `Start on it: ${ms(s.startMs)}. Memory after the start ${mb(s.memoryAfterStart.total)} (${mb(s.memoryAfterStart.portalRss)} + ${mb(s.memoryAfterStart.dbPss)}), after the load ${mb(s.memoryAfterLoad.total)} (${mb(s.memoryAfterLoad.portalRss)} + ${mb(s.memoryAfterLoad.dbPss)}; PostgreSQL RSS ${mb(s.memoryAfterLoad.dbRss)} in ${s.memoryAfterLoad.dbProcesses} processes).`,
      `Search flood: ${int(s.flood.searches.statuses['2xx'])} searches answered, ${int(s.flood.searches.statuses['5xx'])} refused (503), answers p50 ${ms(s.flood.searches.answered.p50)}, p99 ${ms(s.flood.searches.answered.p99)}, longest wait ${ms(s.flood.searches.max)}; the anonymous feed meanwhile ${int(s.flood.feed.rps)} req/s, p50 ${ms(s.flood.feed.p50)}, p99 ${ms(s.flood.feed.p99)}, longest ${ms(s.flood.feed.max)}, ${s.flood.feed.errors} errors.`,
      '',
      table(
        ['endpoint', 'one request: min / median / max', 'rounds: req/s, p50 / p99'],
        s.endpoints.map((e) => [
          e.name,
          `${ms(e.single.min)} / ${ms(e.single.median)} / ${ms(e.single.max)}`,
          e.rounds.map((r) => `${int(r.rps)}, ${ms(r.p50)} / ${ms(r.p99)}${loadNotes(r)}`).join('; '),
        ]),
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

const m = (run) =>
  `${run.machine.cpus} cores (${run.machine.cpuModel}), ${run.machine.memoryGb.toFixed(1)} GB, Node ${run.machine.node}; the machine is shared with other jobs.`;

const run = { date: new Date(), machine: machine(), loadStart: loadAverage(), scales: [] };
let failure;
try {
  for (const scale of [...SCALES].sort((a, b) => a - b)) run.scales.push(await measureScale(scale));
} catch (error) {
  failure = error;
  console.error(`[bench:scale] ${error.stack ?? error}`);
} finally {
  await cleanup();
}
run.loadEnd = loadAverage();
run.performance = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, 'utf8') : '';
const section = report(run, failure);
fs.writeFileSync(REPORT, withDataScaleSection(run.performance || '# Performance\n', section));
console.log(`\n${section}`);
console.log(`[bench:scale] written to ${path.relative(ROOT, REPORT)}`);
process.exit(failure ? 1 : 0);
