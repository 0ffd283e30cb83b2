// What `npm run bench` and `npm run bench:scale` share: starting and stopping the built portal on a data
// directory, its memory and its embedded PostgreSQL's, loads with autocannon, and the report's formats.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Stops a child process (SIGKILL after 30 s) and forgets it. */
export async function stopChild(children, child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(killer);
  children.delete(child);
}

/** The embedded PostgreSQL's server process, from its pid file in the data directory. */
export function postmasterPid(dataDir) {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

function isPostgres(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres');
  } catch {
    return false;
  }
}

/** Stops what a killed portal left running of its embedded PostgreSQL (its own server, by its pid file). */
export async function stopLeftoverPostgres(dataDir) {
  const pid = postmasterPid(dataDir);
  if (!pid || !isPostgres(pid)) return;
  try {
    process.kill(pid, 'SIGTERM');
    for (let n = 0; n < 100; n += 1) {
      process.kill(pid, 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch {
    // not running (any more)
  }
}

/** Starts the built portal on a loopback port and a data directory; answers once /healthz does, with the time it took. */
export async function startPortal({ port, dataDir, env = {}, children, timeoutMs = 120_000 }) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '10000',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the portal exited during start-up');
    if (Date.now() > deadline) throw new Error(`the portal was not healthy within ${timeoutMs / 1000} s`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** The embedded PostgreSQL's processes (its server and the server's children): summed RSS and PSS in MB. */
function databaseMemory(dataDir) {
  const server = postmasterPid(dataDir);
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
  return { rss: rss / 1024, pss: pss / 1024, processes: pids.length };
}

/** The portal's RSS and its embedded PostgreSQL's RSS and PSS; `total` counts PostgreSQL's shared memory once (PSS). */
export function memory(portal, dataDir) {
  const portalRss = rssMb(portal.pid);
  const db = databaseMemory(dataDir);
  return { portalRss, dbRss: db.rss, dbPss: db.pss, dbProcesses: db.processes, total: portalRss + db.pss };
}

/** One autocannon load: requests per second, latency p50 / p99 / max, and failures (errors, timeouts, non-2xx). */
export function cannon({ url, connections, duration, headers, method, body, requests }) {
  return new Promise((resolve, reject) => {
    // autocannon refuses options given as undefined: only those set.
    const options = Object.fromEntries(
      Object.entries({ url, connections, duration, timeout: 10, headers, method, body, requests }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    // The latencies of the answers (2xx) apart: a refusal (503 from a limit) comes back at once, and
    // mixed in it made the p50 of a refused load look faster than any answer was.
    const answered = [];
    let refused = 0;
    const instance = autocannon(options, (error, result) =>
      error
        ? reject(error)
        : resolve({
            rps: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            max: result.latency.max,
            ok: result['2xx'],
            statuses: { '2xx': result['2xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
            errors: result.errors + result.timeouts + result.non2xx,
            answered: percentiles(answered),
            refused,
          }),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) answered.push(responseTime);
      else if (statusCode === 503) refused += 1;
    });
  });
}

/** The p-th percentile (0–100) of sorted values; NaN when there are none. */
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** p50, p99 and the longest of some latencies (ms); zeros when there are none. */
function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return { count: 0, p50: 0, p99: 0, max: 0 };
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

export const machine = () => ({
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? '?',
  memoryGb: os.totalmem() / 1024 ** 3,
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
});

export const met = (ok) => (ok ? 'MET' : 'NOT MET');
export const int = (value) => Math.round(value).toLocaleString('en');
export const pct = (value) => `${(value * 100).toFixed(1)}%`;
export const ms = (value) => `${Number(value).toFixed(value < 10 ? 1 : 0)} ms`;
export const mb = (value) => `${Math.round(value)} MB`;
export const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

/** The section of `docs/performance.md` that `npm run bench:scale` writes and `npm run bench` keeps. */
export const DATA_SCALE_HEADING = '## Data scale';

/** The `## Data scale` section of a report (up to the next `## ` heading or the end), or ''. */
export function dataScaleSection(text) {
  const start = text.indexOf(`\n${DATA_SCALE_HEADING}\n`);
  if (start === -1) return '';
  const next = text.indexOf('\n## ', start + DATA_SCALE_HEADING.length + 2);
  return text.slice(start + 1, next === -1 ? undefined : next + 1).trimEnd();
}

/** The report with its `## Data scale` section replaced by `section` (added at the end when it had none). */
export function withDataScaleSection(text, section) {
  const old = dataScaleSection(text);
  if (old) return text.replace(old, section.trimEnd());
  return `${text.trimEnd()}\n\n${section.trimEnd()}\n`;
}
