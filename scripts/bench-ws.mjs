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
// --receiver worker|process|inline (default worker) puts the sockets (bench-ws-receiver.mjs) in a
// worker thread, a child process, or the sending thread. Sends go over keep-alive HTTP, at most
// --connections (64) at once. Latency counts from each message's scheduled send time (a send that
// left late or queued for a connection counts its wait); it also prints how late sends left, when
// their answers came, and the load generator's own CPU time and event-loop delay, so a client that
// is itself the bottleneck shows.
// Each socket is one file descriptor here and one in the server: for 10,000 sockets raise the
// limit first (`ulimit -n 30000` in the shell that runs the server and the one that runs this).
//
// `npm run bench` runs the same core (`runChatBench`) against its own portal.
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { percentile } from './bench-support.mjs';

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
  receiver: receiverMode = 'worker',
  connections = 64,
  log = console.log,
}) {
  const base = new URL(url);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(base.hostname))
    throw new Error(`the chat benchmark runs against loopback only, not ${base.hostname}`);
  const wsBase = `${base.protocol === 'https:' ? 'wss' : 'ws'}://${base.host}`;
  const failures = { login: 0, open: 0, refused: 0, send: 0, dropped: 0, deflate: 0 };

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
  // live apart from the sending loop (`receiver`: a worker thread by default, or a child process):
  // reading 30,000 frames a second in the thread that sends would delay the sends.
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
  const receiver = await openReceiver(receiverMode, plan);
  const opened = await receiver.next('open');
  const expected = new Map(Object.entries(opened.chatSockets)); // conversation id -> chat sockets open on it
  const openSeconds = opened.seconds;
  const rssOpen = rssMb(serverProcess);
  log(
    `${opened.open} sockets open in ${openSeconds.toFixed(1)} s (${people.length} people, ${pairs.length} conversations; receiver: ${receiverMode})`,
  );

  // 3. Messages at the set rate, each pair in turn; every chat socket of the pair should hear each.
  // Each body carries its *scheduled* send time (ms since the epoch), which the receiver subtracts:
  // when this side falls behind, or a send waits for a free connection, that wait counts as latency
  // (no coordinated omission). How late the sends left (`sendLag`) and how long the server took to
  // answer them (`response`) are measured apart, with this side's CPU time and event-loop delay.
  // Sends go over keep-alive connections, at most `connections` at once (the rest queue here).
  const agent = new (base.protocol === 'https:' ? https : http).Agent({ keepAlive: true, maxSockets: connections });
  const sendLags = [];
  const responses = [];
  let sent = 0;
  let expectedDeliveries = 0;
  const sendErrors = new Map();
  const sends = [];
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpuBefore = process.cpuUsage();
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
      const scheduled = next;
      const body = `bench ${sent} @${(performance.timeOrigin + scheduled).toFixed(3)}`;
      sent += 1;
      sends.push(
        post(agent, new URL(`/api/social-chat/${pair.id}/send/`, base), from.access, { body }, (started) =>
          sendLags.push(started - scheduled),
        ).then(
          (ended) => responses.push(ended - scheduled),
          (error) => {
            // A message the server refused is never delivered: a send failure, not a loss.
            failures.send += 1;
            expectedDeliveries -= fanOut;
            sendErrors.set(error.message.slice(0, 120), (sendErrors.get(error.message.slice(0, 120)) ?? 0) + 1);
          },
        ),
      );
      next += interval;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  const sendSeconds = (performance.now() - sendStarted) / 1000;
  await Promise.all(sends);
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  delay.disable();
  const senderCpu = process.cpuUsage(cpuBefore);
  const clientSeconds = (performance.now() - sendStarted) / 1000;
  const rssAfter = rssMb(serverProcess);
  agent.destroy();

  // 4. Close everything and answer the figures.
  const done = await receiver.stop();
  const latencies = done.latencies;
  const notificationsPushed = done.notificationsPushed;
  for (const [kind, count] of Object.entries(done.failures)) failures[kind] = (failures[kind] ?? 0) + count;
  latencies.sort((a, b) => a - b);
  sendLags.sort((a, b) => a - b);
  responses.sort((a, b) => a - b);
  const spread = (sorted) => ({ p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN });
  // A worker thread's CPU is in this process's figure already; a child process's is its own.
  const cpuMs = (senderCpu.user + senderCpu.system) / 1000 + (receiverMode === 'process' ? done.cpuMs : 0);
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
    client: {
      receiver: receiverMode,
      connections,
      seconds: clientSeconds,
      cpuMs,
      cpuShare: cpuMs / 1000 / clientSeconds,
      sendLag: spread(sendLags),
      response: spread(responses),
      senderLoopDelay: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
      receiverLoopDelay: done.loopDelay,
    },
  };
}

/** One chat send over `agent`; calls `onStart` with the time it left, resolves with the time its answer ended. */
function post(agent, target, token, body, onStart) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode === 200) resolve(performance.now());
          else reject(new Error(`POST ${target.pathname}: ${response.statusCode} ${Buffer.concat(chunks).toString()}`));
        });
        response.on('error', reject);
      },
    );
    request.on('socket', () => onStart(performance.now()));
    request.on('error', reject);
    request.end(payload);
  });
}

/** The receiving side (bench-ws-receiver.mjs) as a worker thread, a child process, or in this thread. */
async function openReceiver(mode, plan) {
  const file = new URL('./bench-ws-receiver.mjs', import.meta.url);
  const waiting = new Map();
  const deliver = (message) => {
    const resolve = waiting.get(message.type);
    if (resolve) {
      waiting.delete(message.type);
      resolve(message);
    } else waiting.set(message.type, message);
  };
  const next = (type) => {
    const ready = waiting.get(type);
    if (ready && typeof ready !== 'function') {
      waiting.delete(type);
      return Promise.resolve(ready);
    }
    return new Promise((resolve) => waiting.set(type, resolve));
  };
  if (mode === 'worker') {
    const worker = new Worker(file, { workerData: { plan } });
    worker.on('message', deliver);
    worker.on('error', (error) => {
      throw error;
    });
    return {
      next,
      async stop() {
        worker.postMessage({ type: 'stop' });
        const done = await next('done');
        await worker.terminate();
        return done;
      },
    };
  }
  if (mode === 'process') {
    const child = fork(fileURLToPath(file), ['--bench-ws-receiver'], { serialization: 'advanced' });
    child.on('message', deliver);
    child.send({ type: 'plan', plan });
    return {
      next,
      async stop() {
        child.send({ type: 'stop' });
        const done = await next('done');
        child.kill();
        return done;
      },
    };
  }
  if (mode === 'inline') {
    const { startReceiver } = await import(file.href);
    const receiver = startReceiver(plan, deliver);
    return {
      next,
      async stop() {
        receiver.stop();
        return next('done');
      },
    };
  }
  throw new Error(`--receiver is worker, process or inline, not ${mode}`);
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
      receiver: { type: 'string', default: 'worker' },
      connections: { type: 'string', default: '64' },
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
      receiver: values.receiver,
      connections: Number(values.connections),
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
  const c = result.client;
  const spread = (s) => `p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`;
  console.log(`send lag (left after the scheduled time): ${spread(c.sendLag)}`);
  console.log(`send answered (after the scheduled time): ${spread(c.response)}`);
  console.log(
    `load generator (receiver: ${c.receiver}, ${c.connections} connections): CPU ${(c.cpuMs / 1000).toFixed(1)} s in ${c.seconds.toFixed(1)} s (${(c.cpuShare * 100).toFixed(0)}% of a core); event-loop delay sender ${spread(c.senderLoopDelay)}; receiver ${spread(c.receiverLoopDelay)}`,
  );
  console.log(`sockets open: ${result.socketsOpen} in ${result.openSeconds.toFixed(1)} s`);
  console.log(
    `server RSS: ${result.rssBefore ?? '?'} MB before the sockets, ${result.rssOpen ?? '?'} MB with them open, ${result.rssAfter ?? '?'} MB after the messages${result.pid ? ` (pid ${result.pid})` : ' (pid unknown: pass --pid)'}`,
  );
  console.log(`failures: ${JSON.stringify(result.failures)}`);
  if (result.failures.send) console.log(`send errors: ${JSON.stringify(result.sendErrors)}`);
  setTimeout(() => process.exit(0), 500).unref();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
