// `npm run test:cluster`: the running cluster (`npm run cluster`) end to end, through nginx and
// straight to the instances, then fault drills that print their figures. Leaves the cluster running
// with the same members (restarted ones are recorded in .cluster/state.json for cluster:stop).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import {
  children,
  DIR,
  MARKS,
  ours,
  PORTS,
  readState,
  readyz,
  redisUp,
  startInstance,
  startRedis,
  updateState,
} from './cluster.mjs';

const NGINX = `http://127.0.0.1:${PORTS.nginx}`;
const PASSWORD = 'lantern-orbit-2026';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const figures = [];
/** Prints a drill's figures as it ends, and keeps them for the summary at the end. */
function report(name, values) {
  const line = `${name}: ${Object.entries(values)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ')}`;
  figures.push(line);
  console.log(`  ▸ ${line}`);
}

let state;
let db;
let instances; // base URLs, instance 1 first
before(async () => {
  state = readState();
  assert.ok(state, 'the cluster is not running: start it with npm run cluster');
  instances = state.instances.map((i) => `http://127.0.0.1:${i.port}`);
  assert.ok(instances.length >= 3, 'the cluster test needs at least three instances');
  db = new pg.Pool({ connectionString: state.env.DATABASE_URL, max: 2 });
  db.on('error', () => undefined);
});
after(async () => {
  await db?.end();
  if (figures.length) console.log(`\nCluster figures:\n${figures.map((line) => `  ${line}`).join('\n')}`);
});

// ── HTTP and socket helpers ───────────────────────────────────────────────────────────────────
async function call(base, url, { method = 'GET', body, token, headers = {}, timeoutMs = 15_000 } = {}) {
  const init = { method, headers: { ...headers }, signal: AbortSignal.timeout(timeoutMs) };
  if (token) init.headers.authorization = `Bearer ${token}`;
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(base + url, { ...init, redirect: 'manual' });
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text, headers: response.headers };
}

async function ok(base, url, options) {
  const answer = await call(base, url, options);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${options?.method ?? 'GET'} ${base}${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.json;
}

/** The activation link mailed to `email` (the instances share DATA_DIR, so one outbox of .eml files). */
async function mailedLink(email) {
  const outbox = path.join(state.env.DATA_DIR, 'outbox');
  for (let i = 0; i < 100; i += 1) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files.sort().reverse()) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (!text.includes(`To: ${email}`)) continue;
      const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes('activ'));
      if (link) return link;
    }
    await sleep(100);
  }
  throw new Error(`no activation mail for ${email} in ${outbox}`);
}

/** Signs up on `signupBase`, activates through the mailed link on `activateBase`, logs in on `loginBase`. */
async function newPerson({ signupBase = NGINX, activateBase = NGINX, loginBase = NGINX, kind = 'social' } = {}) {
  const tag = randomBytes(4).toString('hex');
  const person = {
    email: `cluster.${tag}@example.com`,
    username: `cluster_${tag}`,
    first_name: 'Clu',
    last_name: `Ster${tag.slice(0, 3)}`,
    password: PASSWORD,
  };
  const path_ = kind === 'social' ? '/api/social-profiles/register/' : '/taberna-profiles/api/register/';
  await ok(signupBase, path_, { method: 'POST', body: person });
  const link = new URL(await mailedLink(person.email));
  const activated = await call(activateBase, link.pathname + link.search);
  assert.equal(activated.headers.get('location'), '/taberna-profiles/activate-result/?status=activated');
  const loginPath = kind === 'social' ? '/api/v1/token/' : '/taberna-profiles/api/v1/token/';
  const tokens = await ok(loginBase, loginPath, { method: 'POST', body: { email: person.email, password: PASSWORD } });
  const user = { person, access: tokens.access, refresh: tokens.refresh };
  if (kind === 'social') user.profile = await ok(NGINX, '/api/social-profiles/me/', { token: tokens.access });
  return user;
}

/** A socket with the access token as subprotocol; resolves once the server's `ready` frame came. */
function openSocket(base, socketPath, access) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(base.replace('http', 'ws') + socketPath, ['bearer', access]);
    const client = { ws, frames: [], closeCode: undefined, waiters: [] };
    const check = () => {
      for (const waiter of [...client.waiters]) {
        const found = client.frames.find(waiter.match);
        if (found) {
          client.waiters.splice(client.waiters.indexOf(waiter), 1);
          waiter.resolve(found);
        }
      }
    };
    client.until = (match, timeoutMs = 10_000) =>
      new Promise((ok_, fail) => {
        const waiter = { match, resolve: ok_ };
        client.waiters.push(waiter);
        setTimeout(
          () => fail(new Error(`no matching frame on ${socketPath} within ${timeoutMs}ms; got ${JSON.stringify(client.frames)}`)),
          timeoutMs,
        ).unref();
        check();
      });
    client.closed = new Promise((done) => ws.on('close', (code) => done((client.closeCode = code))));
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      client.frames.push(frame);
      if (frame.ready === true) resolve(client);
      check();
    });
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error(`socket ${socketPath} closed with ${code} before ready`)));
  });
}

/**
 * A socket that stays up the way the web app's live socket does: on any close but a refusal it
 * opens again (through the same address, so nginx picks a live instance) and counts each `ready`.
 */
function stayingSocket(base, socketPath, access) {
  const live = { closeCodes: [], readies: 0, upstreams: [], frames: [], current: undefined, stopped: false };
  const open = () => {
    const ws = new WebSocket(base.replace('http', 'ws') + socketPath, ['bearer', access]);
    live.current = ws;
    ws.on('upgrade', (response) => live.upstreams.push(response.headers['x-portal-upstream']));
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.ready === true) live.readies += 1;
      else live.frames.push(frame);
    });
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      if (live.stopped) return;
      live.closeCodes.push(code);
      if (code !== 4401 && code !== 4403) setTimeout(open, 300);
    });
  };
  open();
  live.stop = () => {
    live.stopped = true;
    live.current?.close();
  };
  return live;
}

const chatPath = (conversationId, profileId) => `/ws/social-chat/${conversationId}/${profileId}/`;
const notificationPath = (profileId) => `/ws/notification/${profileId}/`;

/** A bounded load loop on loopback: `workers` callers repeat `step` until `stop()`; counts every outcome. */
function loadLoop(step, workers = 4) {
  const outcome = { ok: 0, failed: 0, failures: [], latencies: [] };
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let n = 0; running; n += 1) {
      const started = performance.now();
      try {
        await step(worker, n);
        outcome.ok += 1;
      } catch (error) {
        outcome.failed += 1;
        if (outcome.failures.length < 10) outcome.failures.push(error.message.slice(0, 200));
      }
      outcome.latencies.push(performance.now() - started);
    }
  });
  return {
    outcome,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcome;
    },
  };
}
const p99 = (values) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0);

async function waitUntil(what, check, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${what} did not happen within ${timeoutMs / 1000}s`);
    await sleep(100);
  }
}

/** Stops instance `index` with `signal`, waits for it to exit, starts it again and waits for /readyz. */
async function restartInstance(index, signal) {
  const { port, pid } = readState().instances[index];
  const mark = MARKS.instance(port);
  assert.ok(ours(pid, mark), `instance ${port} (pid ${pid}) is not running`);
  process.kill(pid, signal);
  await waitUntil(`instance ${port} to exit`, async () => !ours(pid, mark), 30_000);
  const stoppedAt = Date.now();
  const fresh = startInstance(port, state.env);
  updateState((s) => (s.instances[index].pid = fresh));
  await waitUntil(`instance ${port} to be ready again`, () => readyz(port), 90_000);
  return { port, downMs: Date.now() - stoppedAt };
}

// ── end to end ────────────────────────────────────────────────────────────────────────────────
describe('the cluster, end to end', () => {
  it('every instance is ready, and nginx spreads requests over all of them', async () => {
    for (const base of instances) assert.equal((await call(base, '/readyz')).json.status, 'ready');
    const seen = new Set();
    for (let i = 0; i < 30; i += 1) seen.add((await call(NGINX, '/healthz')).headers.get('x-portal-upstream'));
    assert.deepEqual([...seen].sort(), state.instances.map((i) => `127.0.0.1:${i.port}`).sort());
  });

  it('each instance serves its own metrics on its port (scraped from this machine); nginx never serves them', async () => {
    await call(NGINX, '/api/v1/vue-apps/');
    const totals = [];
    for (const base of instances) {
      const scraped = await call(base, '/metrics');
      assert.equal(scraped.status, 200, `${base}/metrics`);
      assert.match(scraped.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      const samples = scraped.text.split('\n').filter((line) => line && !line.startsWith('#'));
      for (const line of samples) assert.match(line, /^[a-zA-Z_:][\w:]*(\{.*\})? \S+$/, `a Prometheus sample line: ${line}`);
      const requests = samples
        .filter((line) => line.startsWith('portal_http_requests_total{'))
        .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
      assert.ok(requests > 0, `${base} counted its requests`);
      assert.ok(samples.some((line) => line.startsWith('portal_db_pool_connections{state="in_use"}')));
      totals.push(requests);
    }
    // Through nginx, from anywhere: never (nginx refuses the path; the instances refuse a relayed request anyway).
    for (const url of ['/metrics', '/metrics/', '/metrics?x=1', '//metrics']) {
      assert.equal((await call(NGINX, url)).status, 404, `nginx ${url}`);
    }
    const relayed = await call(instances[0], '/metrics', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    assert.equal(relayed.status, 403);
    report('metrics', { 'requests counted per instance': totals.join(', ') });
  });

  it('the nginx configuration of compose.yaml passes nginx -t (service names swapped for loopback)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
    try {
      const conf = fs
        .readFileSync(path.resolve(import.meta.dirname, '../deploy/nginx.conf'), 'utf8')
        .replace(/portal-(\d):8000/g, '127.0.0.1:1900$1');
      fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
      const nginx = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
      execFileSync(
        nginx,
        ['-t', '-q', '-e', 'stderr', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `pid ${dir}/nginx.pid;`],
        { stdio: 'pipe' },
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('signs up on one instance, activates on another, logs in on a third; the token works everywhere', async () => {
    const user = await newPerson({ signupBase: instances[0], activateBase: instances[1], loginBase: instances[2] });
    for (const base of [...instances, NGINX]) {
      const me = await ok(base, '/api/social-profiles/me/', { token: user.access });
      assert.equal(me.id, user.profile.id);
    }
  });

  it('buys with the test card: cart on instance 1, order on instance 2, payment on instance 3', async () => {
    const customer = await newPerson({ kind: 'shop' });
    const latest = await ok(NGINX, '/taberna-store/api/v1/latest-products/');
    const products = Array.isArray(latest) ? latest : (latest.results ?? latest.products);
    const product = products.find((p) => p.stock > 0 && p.is_available !== false);
    assert.ok(product, 'a seeded product in stock');
    const detail = await ok(NGINX, `/taberna-store/api/v1/products/${product.category.slug}/${product.slug}/`);
    const choice = {};
    if (detail.variations?.colors?.length) choice.color = detail.variations.colors[0].variation_value;
    if (detail.variations?.sizes?.length) choice.size = detail.variations.sizes[0].variation_value;
    const stockBefore = product.stock;
    await ok(instances[0], `/taberna-cart/api/add-to-cart/${product.id}/`, {
      method: 'POST',
      body: choice,
      token: customer.access,
    });
    const billing = {
      first_name: 'Clu',
      last_name: 'Ster',
      phone: '+351 912345678',
      email: customer.person.email,
      address_line_1: '1 Main Street',
      address_line_2: '',
      country: 'Portugal',
      state: 'Lisbon',
      city: 'Lisbon',
      order_note: 'cluster test',
    };
    const placed = await ok(instances[1], '/taberna-orders/api/v1/place_order_stripe_session/', {
      method: 'POST',
      body: billing,
      token: customer.access,
    });
    const session = placed.checkout_url.split('/').at(-1);
    await ok(instances[2], `/taberna-orders/test-checkout/api/${session}/pay/`, {
      method: 'POST',
      body: { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Clu Ster' },
    });
    await ok(NGINX, '/taberna-orders/api/v1/order_payment_success/', {
      method: 'POST',
      body: { stripe_session_id: session },
      token: customer.access,
    });
    const orders = await ok(NGINX, '/taberna-profiles/api/v1/orders/', { token: customer.access });
    const list = Array.isArray(orders) ? orders : (orders.results ?? orders.orders);
    assert.equal(list.length, 1);
    assert.match(JSON.stringify(list[0]), /"status":"Completed"|"is_ordered":true/, JSON.stringify(list[0]));
    // Every instance's cache of public reads was told (through Redis) that the stock changed.
    for (const base of instances) {
      const after = (await ok(base, '/taberna-store/api/v1/latest-products/')).find((p) => p.id === product.id);
      assert.equal(after.stock, stockBefore - 1, `the stock went down by the one bought, as ${base} sees it`);
    }
  });

  it('a picture posted on instance 1 is served by instance 3 (through the S3 store)', async () => {
    const user = await newPerson();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('body', 'A picture across instances');
    form.append('images[0]', new Blob([png], { type: 'image/png' }), 'blue.png');
    const post = await ok(instances[0], '/api/social-posts/create/', { method: 'POST', body: form, token: user.access });
    const urls = JSON.stringify(post).match(/https?:\/\/[^"]+\/static\/media\/[^"]+/g);
    assert.ok(urls?.length, `the post names its picture: ${JSON.stringify(post)}`);
    const key = new URL(urls[0]).pathname;
    const fromThird = await fetch(instances[2] + key);
    assert.equal(fromThird.status, 200);
    assert.match(fromThird.headers.get('content-type') ?? '', /^image\//);
    assert.ok((await fromThird.arrayBuffer()).byteLength > 0);
    // Stored in the bucket, not on an instance's disk.
    const bucketDir = path.join(DIR, 's3', state.env.S3_BUCKET);
    const objectName = key.replace('/static/media/', '');
    assert.ok(
      fs.readdirSync(bucketDir, { recursive: true }).some((entry) => String(entry).includes(objectName.split('/').at(-1))),
    );
  });

  it('two people chat live with sockets on different instances; the notification crosses too', async () => {
    const [ana, ben] = [await newPerson(), await newPerson()];
    const conversation = await ok(NGINX, `/api/social-chat/${ben.profile.slug}/get-or-create/`, { token: ana.access });
    const anaChat = await openSocket(instances[0], chatPath(conversation.id, ana.profile.id), ana.access);
    const benChat = await openSocket(instances[2], chatPath(conversation.id, ben.profile.id), ben.access);
    const benNotes = await openSocket(instances[1], notificationPath(ben.profile.id), ben.access);
    const hello = await ok(instances[0], `/api/social-chat/${conversation.id}/send/`, {
      method: 'POST',
      body: { body: 'Hello from instance 1' },
      token: ana.access,
    });
    assert.deepEqual(await benChat.until((f) => f.message?.id === hello.id), { message: hello });
    await benNotes.until((f) => f.message === 'chat_message');
    const reply = await ok(instances[2], `/api/social-chat/${conversation.id}/send/`, {
      method: 'POST',
      body: { body: 'Hello back from instance 3' },
      token: ben.access,
    });
    await anaChat.until((f) => f.message?.id === reply.id);
    // A friend request made on instance 3 reaches Ben's notification socket on instance 2.
    await ok(instances[2], `/api/social-profiles/friends/${ben.profile.slug}/request/`, {
      method: 'POST',
      body: {},
      token: ana.access,
    });
    await benNotes.until(
      (f) => f.message === 'new_friendrequest' || (typeof f.message === 'string' && f.message.includes('friend')),
    );
    for (const socket of [anaChat, benChat, benNotes]) socket.ws.close();
  });

  it('a logout on one instance closes the person’s sockets on the others', async () => {
    const [ana, ben] = [await newPerson(), await newPerson()];
    const conversation = await ok(NGINX, `/api/social-chat/${ben.profile.slug}/get-or-create/`, { token: ana.access });
    const onSecond = await openSocket(instances[1], notificationPath(ana.profile.id), ana.access);
    const onThird = await openSocket(instances[2], chatPath(conversation.id, ana.profile.id), ana.access);
    const bensSocket = await openSocket(instances[2], notificationPath(ben.profile.id), ben.access);
    const started = Date.now();
    const revoked = await call(instances[0], '/api/v1/token/revoke/', { method: 'POST', body: { refresh: ana.refresh } });
    assert.equal(revoked.status, 204);
    const codes = await Promise.race([Promise.all([onSecond.closed, onThird.closed]), sleep(10_000).then(() => 'still open')]);
    assert.deepEqual(codes, [4401, 4401]);
    assert.equal(bensSocket.ws.readyState, WebSocket.OPEN, 'someone else’s socket stays open');
    report('logout', { 'sockets closed on other instances in ms': Date.now() - started });
    bensSocket.ws.close();
  });

  it('each scheduled job runs once per period across the instances', async () => {
    const period = durationMs(state.env.JOB_INTERVAL);
    assert.ok(period && period <= 5_000, 'the cluster runs with a short JOB_INTERVAL (npm run cluster default 2s)');
    const snapshot = async () =>
      Object.fromEntries((await db.query('select name, runs from scheduled_job_runs')).rows.map((row) => [row.name, row.runs]));
    const first = await snapshot();
    const windowMs = 5 * period;
    await sleep(windowMs);
    const second = await snapshot();
    // The daily backup (a cron time, BACKUP_SCHEDULE, not JOB_INTERVAL) may have run or not.
    const names = Object.keys(second)
      .filter((name) => name !== 'backup')
      .sort();
    // Every job the portal schedules has run (by some instance) and is counted here.
    assert.deepEqual(names, [
      'ai-lab-media-purge',
      'social-purge-rejected-requests',
      'social-trends',
      'taberna-expire-unpaid-orders',
      'taberna-purge-guest-carts',
    ]);
    const runs = Object.fromEntries(names.map((name) => [name, second[name] - (first[name] ?? 0)]));
    // Once per period: at most one run per 0.8 period (the skip margin), however many instances;
    // three instances each running every period would give about 3 × 5 = 15.
    const most = Math.ceil(windowMs / (period * 0.8)) + 1;
    for (const [name, count] of Object.entries(runs)) {
      assert.ok(count >= 2 && count <= most, `${name} ran ${count} times in ${windowMs}ms (expected 2..${most})`);
    }
    report('scheduled jobs', {
      [`runs per job in ${windowMs / 1000}s at ${period / 1000}s period across ${instances.length} instances`]:
        JSON.stringify(runs),
    });
  });
});

function durationMs(text) {
  const match = /^(\d+)(ms|s|m)$/.exec(text ?? '');
  if (!match) return undefined;
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000 }[match[2]];
}

// ── fault drills ──────────────────────────────────────────────────────────────────────────────
describe('fault drills', () => {
  it('SIGKILL of one instance during a write load: every acknowledged write is kept, the load goes on, it rejoins', async () => {
    const writer = await newPerson();
    const acknowledged = [];
    let ackedAfterKill = 0;
    let killedAt = 0;
    const load = loadLoop(async (worker, n) => {
      const post = await ok(NGINX, '/api/social-posts/create/', {
        method: 'POST',
        body: { body: `write ${worker}-${n}` },
        token: writer.access,
      });
      acknowledged.push(post.id);
      if (killedAt) ackedAfterKill += 1;
    });
    await sleep(1500);
    const victim = readState().instances[1];
    killedAt = Date.now();
    process.kill(victim.pid, 'SIGKILL');
    await sleep(3000);
    const outcome = await load.stop();
    assert.ok(ackedAfterKill > 0, 'writes went on after the kill');
    const found = (await db.query('select id from social_posts where id = any($1::uuid[])', [acknowledged])).rows.length;
    assert.equal(found, acknowledged.length, 'every acknowledged write is in the database');
    const fresh = startInstance(victim.port, state.env);
    updateState((s) => (s.instances[1].pid = fresh));
    await waitUntil('the killed instance to be ready', () => readyz(victim.port), 90_000);
    const rejoined = Date.now();
    await waitUntil(
      'nginx to send requests to it again',
      async () => (await call(NGINX, '/healthz')).headers.get('x-portal-upstream') === `127.0.0.1:${victim.port}`,
      30_000,
    );
    report('SIGKILL drill', {
      'writes acknowledged': acknowledged.length,
      found,
      'failed at the client': outcome.failed,
      'acknowledged after the kill': ackedAfterKill,
      'p99 ms': p99(outcome.latencies),
      'back in rotation after ready in ms': Date.now() - rejoined,
    });
  });

  it('rolling restart of every instance (SIGTERM one at a time) under load: zero failed requests', async () => {
    const [reader, friend] = [await newPerson(), await newPerson()];
    const socket = stayingSocket(NGINX, notificationPath(reader.profile.id), reader.access);
    await waitUntil('the socket to be ready', async () => socket.readies === 1, 10_000);
    const load = loadLoop(async (worker, n) => {
      if (n % 3 === 0)
        await ok(NGINX, '/api/social-posts/create/', {
          method: 'POST',
          body: { body: `rolling ${worker}-${n}` },
          token: reader.access,
        });
      else if (n % 3 === 1) await ok(NGINX, '/api/social-notifications/', { token: reader.access });
      else await ok(NGINX, '/taberna-store/api/v1/latest-products/');
    });
    const restarts = [];
    for (let index = 0; index < instances.length; index += 1) restarts.push(await restartInstance(index, 'SIGTERM'));
    await sleep(500);
    const outcome = await load.stop();
    // The socket's instance said "going away" (1001) and it came back through nginx on another one.
    await waitUntil(
      'the socket to be ready again',
      async () => socket.current.readyState === WebSocket.OPEN && socket.readies === socket.closeCodes.length + 1,
      15_000,
    );
    assert.ok(
      socket.closeCodes.length >= 1 && socket.closeCodes.every((code) => code === 1001),
      `close codes ${socket.closeCodes}`,
    );
    await ok(NGINX, `/api/social-profiles/friends/${reader.profile.slug}/request/`, {
      method: 'POST',
      body: {},
      token: friend.access,
    });
    await waitUntil('the reconnected socket to hear a notification', async () => socket.frames.length > 0, 10_000);
    socket.stop();
    report('rolling restart', {
      'socket closes (1001) and reconnects through nginx': `${socket.closeCodes.length}/${socket.readies - 1}`,
      'socket upstreams': socket.upstreams.join(' → '),
      requests: outcome.ok + outcome.failed,
      'failed requests': outcome.failed,
      'p99 ms': p99(outcome.latencies),
      'restart per instance ms': restarts.map((r) => r.downMs).join('/'),
    });
    assert.equal(outcome.failed, 0, `failures: ${outcome.failures.join(' | ')}`);
  });

  it('Redis restarted: chat resumes without restarting the portal', async () => {
    const [ana, ben] = [await newPerson(), await newPerson()];
    const conversation = await ok(NGINX, `/api/social-chat/${ben.profile.slug}/get-or-create/`, { token: ana.access });
    const benChat = await openSocket(instances[2], chatPath(conversation.id, ben.profile.id), ben.access);
    const current = readState().redis;
    assert.ok(ours(current, MARKS.redis));
    process.kill(current, 'SIGTERM');
    await waitUntil('Redis to stop', async () => !ours(current, MARKS.redis), 10_000);
    const stoppedAt = Date.now();
    const fresh = startRedis();
    updateState((s) => (s.redis = fresh));
    await waitUntil('Redis to answer', redisUp, 10_000);
    // Sends until one is heard live on the other instance: the subscribers reconnect by themselves.
    let heard;
    let attempts = 0;
    for (const until = Date.now() + 30_000; !heard && Date.now() < until; attempts += 1) {
      const sent = await call(instances[0], `/api/social-chat/${conversation.id}/send/`, {
        method: 'POST',
        body: { body: `after Redis ${attempts}` },
        token: ana.access,
      });
      if (sent.status === 200) heard = await benChat.until((f) => f.message?.id === sent.json.id, 2_000).catch(() => undefined);
      else await sleep(500);
    }
    assert.ok(heard, 'a chat message sent on instance 1 was heard live on instance 3 after Redis came back');
    report('Redis restart', {
      'chat live again after Redis restart in ms': Date.now() - stoppedAt,
      'messages sent until heard': attempts,
    });
    benChat.ws.close();
  });

  it('PostgreSQL unreachable for 5 s: requests fail fast with 503 JSON, then recover by themselves', async () => {
    const user = await newPerson();
    const postmaster = readState().postgres.pid;
    const frozen = [postmaster, ...children(postmaster)];
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    const stoppedAt = Date.now();
    const answers = [];
    try {
      while (Date.now() - stoppedAt < 5_000) {
        const results = await Promise.all(
          instances.map(async (base) => {
            const started = Date.now();
            const answer = await call(base, '/api/social-notifications/', { token: user.access, timeoutMs: 20_000 });
            return { status: answer.status, json: answer.json, ms: Date.now() - started };
          }),
        );
        answers.push(...results);
      }
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    const resumedAt = Date.now();
    const failed = answers.filter((a) => a.status !== 200);
    assert.ok(failed.length > 0, 'requests failed while PostgreSQL was stopped');
    for (const answer of failed) {
      assert.equal(answer.status, 503);
      assert.equal(typeof answer.json?.detail, 'string');
    }
    const slowest = Math.max(...answers.map((a) => a.ms));
    assert.ok(slowest < 8_000, `slowest answer ${slowest}ms`);
    await waitUntil(
      'requests to succeed again on every instance',
      async () => {
        for (const base of instances)
          if ((await call(base, '/api/social-notifications/', { token: user.access })).status !== 200) return false;
        return (await call(NGINX, '/api/social-notifications/', { token: user.access })).status === 200;
      },
      30_000,
    );
    report('PostgreSQL stopped 5 s', {
      'requests while stopped': answers.length,
      '503 JSON': failed.length,
      'slowest answer ms': slowest,
      'recovered after resume in ms': Date.now() - resumedAt,
    });
  });
});
