// `npm run cluster:capacity`: the figures of docs/deploy.md's capacity model, measured on the running
// cluster (`npm run cluster`): requests per second through nginx and on one instance alone, for a
// public read and a logged-in read; PostgreSQL connections, transactions and CPU per request;
// memory per open socket. Prints a Markdown table. Run it on an otherwise idle machine if you can.
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { children, PORTS, readState } from './cluster.mjs';

const DURATION_S = Number(process.env.CAPACITY_SECONDS ?? 10);
const CONNECTIONS = 50;
const SOCKETS = Number(process.env.CAPACITY_SOCKETS ?? 1500);
const DEMO = { email: 'alice@example.com', password: 'portal-demo-2026' };
const NGINX = `http://127.0.0.1:${PORTS.nginx}`;

const state = readState();
if (!state) {
  console.error('The cluster is not running: npm run cluster');
  process.exit(1);
}
const db = new pg.Pool({ connectionString: state.env.DATABASE_URL, max: 1 });
const ticks = (pid) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};
const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};
const HZ = 100;
const postgresCpu = () => [state.postgres.pid, ...children(state.postgres.pid)].reduce((sum, pid) => sum + ticks(pid), 0) / HZ;
const portalCpu = () => state.instances.reduce((sum, i) => sum + ticks(i.pid), 0) / HZ;
const commits = async () =>
  Number((await db.query("select xact_commit from pg_stat_database where datname = 'portal'")).rows[0].xact_commit);
const connections = async () =>
  (await db.query("select count(*)::int as n from pg_stat_activity where datname = 'portal' and backend_type = 'client backend'"))
    .rows[0].n - 1;

function cannon(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, timeout: 10, headers }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            rps: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            errors: result.errors + result.timeouts + result.non2xx,
          }),
    );
  });
}

async function measure(name, base, path, headers = {}) {
  const before = { pg: postgresCpu(), portal: portalCpu(), commits: await commits() };
  let peakConnections = 0;
  const sampler = setInterval(async () => (peakConnections = Math.max(peakConnections, await connections().catch(() => 0))), 500);
  const result = await cannon(base + path, headers);
  clearInterval(sampler);
  const requests = result.rps * DURATION_S;
  const pgCpu = postgresCpu() - before.pg;
  const row = {
    name,
    rps: Math.round(result.rps),
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    pgConnections: peakConnections,
    transactionsPerRequest: ((await commits()) - before.commits) / requests,
    pgCpuMsPer1000: (pgCpu * 1000 * 1000) / requests,
    portalCpuMsPer1000: ((portalCpu() - before.portal) * 1000 * 1000) / requests,
  };
  console.log(`  ${name}: ${row.rps} req/s, p99 ${row.p99} ms, ${row.errors} errors`);
  return row;
}

async function sockets(access, profileId) {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const before = state.instances.map((i) => rssMb(i.pid));
  const open = [];
  const perUpstream = {};
  for (let i = 0; i < SOCKETS; i += 1) {
    open.push(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${PORTS.nginx}/ws/notification/${profileId}/`, ['bearer', access]);
        ws.on('upgrade', (response) => {
          const upstream = response.headers['x-portal-upstream'];
          perUpstream[upstream] = (perUpstream[upstream] ?? 0) + 1;
        });
        ws.on('message', () => resolve(ws));
        ws.on('error', reject);
      }),
    );
    if (i % 100 === 99) await Promise.all(open.slice(-100));
  }
  const all = await Promise.all(open);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = state.instances.map((i) => rssMb(i.pid));
  for (const ws of all) ws.close();
  const grown = after.reduce((sum, value, index) => sum + value - before[index], 0);
  return { sockets: all.length, perUpstream, kbPerSocket: (grown * 1024) / all.length, rssAfter: after.map(Math.round) };
}

const login = async () => {
  const response = await fetch(`${NGINX}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok) throw new Error(`login failed (is SEED_DEMO on?): ${response.status}`);
  return (await response.json()).access;
};

const load = os.loadavg().map((v) => v.toFixed(1));
console.log(
  `Measuring (${DURATION_S} s per run, ${CONNECTIONS} connections, load average ${load.join(' / ')}, ${os.cpus().length} cores)`,
);
const access = await login();
const me = await (await fetch(`${NGINX}/api/social-profiles/me/`, { headers: { authorization: `Bearer ${access}` } })).json();
const auth = { authorization: `Bearer ${access}` };
const first = `http://127.0.0.1:${state.instances[0].port}`;
const socketsOnly = process.argv.includes('--sockets-only');
const rows = socketsOnly
  ? []
  : [
      await measure(`public read (anonymous feed) via nginx, ${state.instances.length} instances`, NGINX, '/api/social-posts/'),
      await measure('public read (anonymous feed), one instance alone', first, '/api/social-posts/'),
      await measure(`logged-in read (feed) via nginx, ${state.instances.length} instances`, NGINX, '/api/social-posts/', auth),
      await measure('logged-in read (feed), one instance alone', first, '/api/social-posts/', auth),
    ];
const socketFigures = await sockets(access, me.id);
await db.end();

const fixed = (value, digits = 1) => Number(value).toFixed(digits);
console.log(
  `\n| run | req/s | p50 ms | p99 ms | errors | PG connections (peak) | PG transactions / request | PG CPU ms / 1000 req | portal CPU ms / 1000 req |`,
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.pgConnections} | ${fixed(r.transactionsPerRequest, 2)} | ${fixed(r.pgCpuMsPer1000, 0)} | ${fixed(r.portalCpuMsPer1000, 0)} |`,
  );
}
console.log(
  `\nSockets: ${socketFigures.sockets} notification sockets through nginx, spread ${JSON.stringify(socketFigures.perUpstream)}; ` +
    `${fixed(socketFigures.kbPerSocket)} KB of instance memory per socket (RSS after: ${socketFigures.rssAfter.join(' / ')} MB).`,
);
console.log(
  `Load average at the end: ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ')}`,
);
