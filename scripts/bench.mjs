// `npm run bench`: start-up times, request rates and memory of the built portal, on loopback.
// Every load is bounded in time and stops by itself.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { addPosts, measureFeed } from './bench-feed.mjs';
import { staleParts } from './build-state.mjs';

if (staleParts().length > 0) {
  console.error('The build is out of date: run `npm run build` first.');
  process.exit(1);
}

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 8190);
const URL_BASE = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));

async function startServer() {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '10000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${URL_BASE}/healthz`)).ok) return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function stop(child) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

/** The embedded PostgreSQL's processes (its server and the server's children): summed RSS and PSS. */
function databaseMemory() {
  const server = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = [server];
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === server)
        pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)[1]);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)[1]);
    } catch {
      // gone meanwhile
    }
  }
  return `${Math.round(rss / 1024)} MB RSS (${Math.round(pss / 1024)} MB PSS), ${pids.length} processes`;
}

function load(title, { path: urlPath, ...options }) {
  return new Promise((resolve, reject) => {
    autocannon({ url: URL_BASE + urlPath, connections: 20, duration: 8, ...options, title }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const rows = [];
const first = await startServer();
rows.push(['first start (creates and seeds the database)', `${first.ms.toFixed(0)} ms`]);
await stop(first.child);
const FEED_POSTS = 10_000;
const adding = performance.now();
await addPosts(dataDir, FEED_POSTS);
rows.push([
  `adding ${FEED_POSTS.toLocaleString('en')} social posts for the feed benchmark`,
  `${(performance.now() - adding).toFixed(0)} ms`,
]);
const second = await startServer();
rows.push(['second start (existing database)', `${second.ms.toFixed(0)} ms`]);
rows.push(['memory after start (RSS)', `${rssMb(second.child.pid)} MB`]);
rows.push(['embedded PostgreSQL after start', databaseMemory()]);

const scenarios = [
  ['GET /api/v1/vue-apps/ (apps list)', { path: '/api/v1/vue-apps/' }],
  ['GET / (index.html with CSP nonce)', { path: '/' }],
  [
    'POST /api/v1/token/ (login, argon2id)',
    {
      path: '/api/v1/token/',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'alice@example.com', password: 'portal-demo-2026' }),
      connections: 4,
    },
  ],
];
for (const [title, options] of scenarios) {
  const result = await load(title, options);
  const errors = result.errors + result.non2xx;
  if (errors) console.error(title, JSON.stringify(result.statusCodeStats));
  rows.push([
    title,
    `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${errors ? `, ${errors} errors` : ''}`,
  ]);
}
rows.push(['memory after load (RSS)', `${rssMb(second.child.pid)} MB`]);
rows.push(['embedded PostgreSQL after load', databaseMemory()]);
rows.push(...(await measureFeed(URL_BASE)));
await stop(second.child);
fs.rmSync(dataDir, { recursive: true, force: true });

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\nPortal benchmarks — ${os.cpus().length} cores, Node ${process.version}, embedded PostgreSQL\n`);
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
