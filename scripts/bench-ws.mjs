// `npm run bench:ws`: many authenticated chat and notification sockets on a running portal, and
// the delivery latency of chat messages sent at a set rate. Loopback only; bounded; stops by itself.
//
//   npm start                                   # another terminal: a portal with the demo people
//   npm run bench:ws -- --sockets 2000 --rate 20 --duration 20
//
// Options (or env): --url (BENCH_URL, default http://localhost:8000), --sockets (2000), --rate
// (messages per second, 20), --duration (seconds of sending, 20), --pid (BENCH_PID, the server's
// process id for its memory; found from the port when omitted). It logs in the demo people
// (password BENCH_PASSWORD, default portal-demo-2026; BENCH_EMAILS to use others) once each and
// spreads the sockets over them: half on the notification channel, half on their conversations.
// Each socket is one file descriptor here and one in the server: for 10,000 sockets raise the
// limit first (`ulimit -n 30000` in the shell that runs the server and the one that runs this).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_URL ?? 'http://localhost:8000' },
    sockets: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '20' },
    duration: { type: 'string', default: '20' },
    pid: { type: 'string', default: process.env.BENCH_PID ?? '' },
  },
});
const base = new URL(values.url);
if (!['localhost', '127.0.0.1', '[::1]'].includes(base.hostname)) {
  console.error(`bench:ws runs against loopback only, not ${base.hostname}`);
  process.exit(2);
}
const SOCKETS = Number(values.sockets);
const RATE = Number(values.rate);
const DURATION_S = Number(values.duration);
const PASSWORD = process.env.BENCH_PASSWORD ?? 'portal-demo-2026';
const EMAILS = (
  process.env.BENCH_EMAILS ??
  'alice,bruno,chloe,daniel,emeka,farah,greta,hiro,ines,jonas'
    .split(',')
    .map((name) => `${name}@example.com`)
    .join(',')
).split(',');
const wsBase = `${base.protocol === 'https:' ? 'wss' : 'ws'}://${base.host}`;
const failures = { login: 0, open: 0, refused: 0, send: 0, dropped: 0 };

async function api(path, { token, method = 'GET', body } = {}) {
  const response = await fetch(new URL(path, base), {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

function serverPid() {
  if (values.pid) return Number(values.pid);
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${base.port || 80}`], { encoding: 'utf8' });
    const match = /pid=(\d+)/.exec(out);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function rssMb(pid) {
  if (!pid) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
  } catch {
    return undefined;
  }
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

// 1. People and their conversations.
const people = [];
for (const email of EMAILS) {
  try {
    const { access } = await api('/api/v1/token/', { method: 'POST', body: { email, password: PASSWORD } });
    const me = await api('/api/social-profiles/me/', { token: access });
    people.push({ email, access, id: me.id, slug: me.slug });
  } catch (error) {
    failures.login += 1;
    console.error(`login ${email}: ${error.message}`);
  }
}
if (people.length < 2) {
  console.error('Need at least two people who can log in (start the portal with SEED_DEMO=true, or set BENCH_EMAILS).');
  process.exit(1);
}
const pairs = [];
for (let i = 0; i < people.length; i += 1) {
  const a = people[i];
  const b = people[(i + 1) % people.length];
  const { id } = await api(`/api/social-chat/${b.slug}/get-or-create/`, { token: a.access });
  pairs.push({ id, members: [a, b] });
}

// 2. Sockets: half notification sockets, half chat sockets, round-robin over people and pairs.
const pid = serverPid();
const rssBefore = rssMb(pid);
const sentAt = new Map();
const latencies = [];
let notificationsPushed = 0;
const expected = new Map(); // conversation id -> chat sockets open on it
const open = [];

function openSocket(index) {
  const chat = index % 2 === 1;
  const pair = pairs[Math.floor(index / 2) % pairs.length];
  const person = chat ? pair.members[index % 4 === 1 ? 0 : 1] : people[Math.floor(index / 2) % people.length];
  const path = chat ? `/ws/social-chat/${pair.id}/${person.id}/` : `/ws/notification/${person.id}/`;
  return new Promise((resolve) => {
    const socket = new WebSocket(wsBase + path, ['bearer', person.access]);
    let ready = false;
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.ready) {
        ready = true;
        if (chat) expected.set(pair.id, (expected.get(pair.id) ?? 0) + 1);
        open.push(socket);
        return resolve();
      }
      if (typeof frame.message === 'string') notificationsPushed += 1;
      else if (frame.message?.body) {
        const started = sentAt.get(frame.message.body);
        if (started !== undefined) latencies.push(performance.now() - started);
      }
    });
    socket.on('close', (code) => {
      if (!ready) {
        if (code >= 4000) failures.refused += 1;
        else failures.open += 1;
        resolve();
      } else if (!stopping) failures.dropped += 1;
    });
    socket.on('error', () => undefined);
  });
}

let stopping = false;
const openStarted = performance.now();
for (let i = 0; i < SOCKETS; i += 200) {
  await Promise.all(Array.from({ length: Math.min(200, SOCKETS - i) }, (_, k) => openSocket(i + k)));
}
const openSeconds = (performance.now() - openStarted) / 1000;
console.log(
  `${open.length} sockets open in ${openSeconds.toFixed(1)} s (${people.length} people, ${pairs.length} conversations)`,
);

// 3. Messages at the set rate, each pair in turn; every chat socket of the pair should hear each.
let sent = 0;
let expectedDeliveries = 0;
const sends = [];
const until = performance.now() + DURATION_S * 1000;
const interval = 1000 / RATE;
let next = performance.now();
while (performance.now() < until) {
  const pair = pairs[sent % pairs.length];
  const from = pair.members[sent % 2];
  const body = `bench ${sent} ${Math.random().toString(36).slice(2)}`;
  sentAt.set(body, performance.now());
  expectedDeliveries += expected.get(pair.id) ?? 0;
  sent += 1;
  sends.push(
    api(`/api/social-chat/${pair.id}/send/`, { token: from.access, method: 'POST', body: { body } }).catch(() => {
      failures.send += 1;
    }),
  );
  next += interval;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
}
await Promise.all(sends);
await new Promise((resolve) => setTimeout(resolve, 2000));
const rssAfter = rssMb(pid);

// 4. Report, and close everything.
stopping = true;
for (const socket of open) socket.close(1000);
latencies.sort((a, b) => a - b);
const ms = (value) => `${value.toFixed(1)} ms`;
console.log(`messages sent: ${sent} at ${RATE}/s for ${DURATION_S} s (send failures: ${failures.send})`);
console.log(
  `chat deliveries: ${latencies.length} of ${expectedDeliveries} expected (lost: ${expectedDeliveries - latencies.length})`,
);
console.log(
  `delivery latency: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`,
);
console.log(`notification pushes received: ${notificationsPushed}`);
console.log(
  `server RSS: ${rssBefore ?? '?'} MB before the sockets, ${rssAfter ?? '?'} MB with them${pid ? ` (pid ${pid})` : ' (pid unknown: pass --pid)'}`,
);
console.log(`failures: ${JSON.stringify(failures)}`);
setTimeout(() => process.exit(0), 500).unref();
