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
// spreads the sockets over them: half on the notification channel, half on their conversations
// (with the ten demo people, ten conversations: each message reaches sockets / 20 chat sockets).
// --layout broadcast puts every socket on one conversation (both members alternating), so one
// message reaches them all: `--sockets 10000 --rate 1 --duration 1 --layout broadcast` measures
// 10,000 idle sockets (time to open, server memory, one message delivered to all of them).
// The sockets live in a worker thread (bench-ws-receiver.mjs), apart from the sending loop.
// Each socket is one file descriptor here and one in the server: for 10,000 sockets raise the
// limit first (`ulimit -n 30000` in the shell that runs the server and the one that runs this).
//
// `npm run bench` runs the same core (`runChatBench`) against its own portal.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

export const DEMO_EMAILS = 'alice,bruno,chloe,daniel,emeka,farah,greta,hiro,ines,jonas'
  .split(',')
  .map((name) => `${name}@example.com`);

function serverPid(base) {
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

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/**
 * Opens `sockets` authenticated sockets on the portal at `url` (half notification, half chat, over the
 * people's conversations), sends chat messages at `rate` per second for `durationS` seconds, waits
 * `settleMs` for the last deliveries, closes everything and answers the figures: messages sent,
 * deliveries expected and received, lost, latency percentiles (ms), notification pushes, the
 * server's RSS before and after (when its pid is known) and the failures by kind.
 */
export async function runChatBench({
  url,
  sockets,
  rate,
  durationS,
  pid,
  emails = DEMO_EMAILS,
  password = 'portal-demo-2026',
  settleMs = 2000,
  layout = 'rooms',
  log = console.log,
}) {
  const base = new URL(url);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(base.hostname))
    throw new Error(`the chat benchmark runs against loopback only, not ${base.hostname}`);
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

  // 1. People and their conversations.
  const people = [];
  for (const email of emails) {
    try {
      const { access } = await api('/api/v1/token/', { method: 'POST', body: { email, password } });
      const me = await api('/api/social-profiles/me/', { token: access });
      people.push({ email, access, id: me.id, slug: me.slug });
    } catch (error) {
      failures.login += 1;
      log(`login ${email}: ${error.message}`);
    }
  }
  if (people.length < 2)
    throw new Error('Need at least two people who can log in (start the portal with SEED_DEMO=true, or set BENCH_EMAILS).');
  const pairs = [];
  for (let i = 0; i < people.length; i += 1) {
    const a = people[i];
    const b = people[(i + 1) % people.length];
    const { id } = await api(`/api/social-chat/${b.slug}/get-or-create/`, { token: a.access });
    pairs.push({ id, members: [a, b] });
  }

  // 2. Sockets: half notification sockets, half chat sockets, round-robin over people and pairs. They
  // live in a worker thread (bench-ws-receiver.mjs): reading 30,000 frames a second in the thread
  // that sends would delay the sends and count the client's own queue as delivery latency.
  const serverProcess = pid ?? serverPid(base);
  const rssBefore = rssMb(serverProcess);
  const plan = Array.from({ length: sockets }, (_, index) => {
    if (layout === 'broadcast') {
      // Every socket a chat socket of the first conversation, both members alternating: one message reaches all.
      const person = pairs[0].members[index % 2];
      return { url: `${wsBase}/ws/social-chat/${pairs[0].id}/${person.id}/`, access: person.access, conversation: pairs[0].id };
    }
    const chat = index % 2 === 1;
    const pair = pairs[Math.floor(index / 2) % pairs.length];
    const person = chat ? pair.members[index % 4 === 1 ? 0 : 1] : people[Math.floor(index / 2) % people.length];
    const path = chat ? `/ws/social-chat/${pair.id}/${person.id}/` : `/ws/notification/${person.id}/`;
    return { url: wsBase + path, access: person.access, conversation: chat ? pair.id : null };
  });
  const receiver = new Worker(new URL('./bench-ws-receiver.mjs', import.meta.url), { workerData: { plan } });
  const fromReceiver = (type) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type !== type) return;
        receiver.off('message', onMessage);
        resolve(message);
      };
      receiver.on('message', onMessage);
      receiver.once('error', reject);
    });
  const opened = await fromReceiver('open');
  const expected = new Map(Object.entries(opened.chatSockets)); // conversation id -> chat sockets open on it
  const openSeconds = opened.seconds;
  const rssOpen = rssMb(serverProcess);
  log(`${opened.open} sockets open in ${openSeconds.toFixed(1)} s (${people.length} people, ${pairs.length} conversations)`);

  // 3. Messages at the set rate, each pair in turn; every chat socket of the pair should hear each.
  // When this process falls behind the schedule it sends what is due at once, so the rate holds. Each
  // body carries its send time (ms since the epoch, sub-millisecond), which the receiver subtracts.
  const now = () => performance.timeOrigin + performance.now();
  let sent = 0;
  let expectedDeliveries = 0;
  const sendErrors = new Map();
  const sends = [];
  const sendStarted = performance.now();
  const until = sendStarted + durationS * 1000;
  const interval = 1000 / rate;
  let next = sendStarted;
  while (next < until) {
    while (next < until && next <= performance.now()) {
      const pair = layout === 'broadcast' ? pairs[0] : pairs[sent % pairs.length];
      const from = pair.members[sent % 2];
      const fanOut = expected.get(pair.id) ?? 0;
      expectedDeliveries += fanOut;
      const body = `bench ${sent} @${now().toFixed(3)}`;
      sent += 1;
      sends.push(
        api(`/api/social-chat/${pair.id}/send/`, { token: from.access, method: 'POST', body: { body } }).catch((error) => {
          // A message the server refused is never delivered: a send failure, not a loss.
          failures.send += 1;
          expectedDeliveries -= fanOut;
          sendErrors.set(error.message.slice(0, 120), (sendErrors.get(error.message.slice(0, 120)) ?? 0) + 1);
        }),
      );
      next += interval;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  const sendSeconds = (performance.now() - sendStarted) / 1000;
  await Promise.all(sends);
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const rssAfter = rssMb(serverProcess);

  // 4. Close everything and answer the figures.
  receiver.postMessage({ type: 'stop' });
  const done = await fromReceiver('done');
  await receiver.terminate();
  const latencies = done.latencies;
  const notificationsPushed = done.notificationsPushed;
  for (const [kind, count] of Object.entries(done.failures)) failures[kind] += count;
  latencies.sort((a, b) => a - b);
  return {
    socketsOpen: opened.open,
    openSeconds,
    people: people.length,
    conversations: pairs.length,
    sent,
    sendSeconds,
    rate,
    durationS,
    expected: expectedDeliveries,
    received: latencies.length,
    lost: expectedDeliveries - latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    notificationsPushed,
    pid: serverProcess,
    rssBefore,
    rssOpen,
    rssAfter,
    failures,
    sendErrors: Object.fromEntries(sendErrors),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.BENCH_URL ?? 'http://localhost:8000' },
      sockets: { type: 'string', default: '2000' },
      rate: { type: 'string', default: '20' },
      duration: { type: 'string', default: '20' },
      pid: { type: 'string', default: process.env.BENCH_PID ?? '' },
      layout: { type: 'string', default: 'rooms' },
    },
  });
  let result;
  try {
    result = await runChatBench({
      url: values.url,
      sockets: Number(values.sockets),
      rate: Number(values.rate),
      durationS: Number(values.duration),
      pid: values.pid ? Number(values.pid) : undefined,
      layout: values.layout,
      emails: process.env.BENCH_EMAILS ? process.env.BENCH_EMAILS.split(',') : DEMO_EMAILS,
      password: process.env.BENCH_PASSWORD ?? 'portal-demo-2026',
    });
  } catch (error) {
    console.error(error.message);
    process.exit(/loopback only/.test(error.message) ? 2 : 1);
  }
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(
    `messages sent: ${result.sent} at ${result.rate}/s for ${result.durationS} s (in ${result.sendSeconds.toFixed(1)} s; send failures: ${result.failures.send})`,
  );
  console.log(
    `chat deliveries: ${result.received} of ${result.expected} expected of the messages the server accepted (lost: ${result.lost})`,
  );
  console.log(`delivery latency: p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}, max ${ms(result.max)}`);
  console.log(`notification pushes received: ${result.notificationsPushed}`);
  console.log(`sockets open: ${result.socketsOpen} in ${result.openSeconds.toFixed(1)} s`);
  console.log(
    `server RSS: ${result.rssBefore ?? '?'} MB before the sockets, ${result.rssOpen ?? '?'} MB with them open, ${result.rssAfter ?? '?'} MB after the messages${result.pid ? ` (pid ${result.pid})` : ' (pid unknown: pass --pid)'}`,
  );
  console.log(`failures: ${JSON.stringify(result.failures)}`);
  if (result.failures.send) console.log(`send errors: ${JSON.stringify(result.sendErrors)}`);
  setTimeout(() => process.exit(0), 500).unref();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
