// `npm run cluster [-- --instances N --job-interval 2s|off --rate-limits off|on]`: a production-shaped
// portal on loopback — PostgreSQL, Redis, an S3-compatible store (s3rver), N portal instances and nginx
// in front — started from Debian and npm packages, detached, with everything under .cluster/.
// `npm run cluster:stop` (this script with `stop`) stops what it started, and nothing else.
import { execFileSync, execSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { staleParts } from './build-state.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIR = path.join(ROOT, '.cluster');
const STATE = path.join(DIR, 'state.json');
// Fixed ports below Linux's ephemeral range (32768–60999): a port in that range can be taken at any moment by
// an outgoing connection's local end, and PostgreSQL then fails to bind ("Address already in use").
const PORTS = { nginx: 8080, firstInstance: 8081, postgres: 25440, redis: 26390, s3: 4590 };
const BUCKET = 'portal-media';
const S3_KEY = 'S3RVER'; // s3rver's built-in credentials
const IS_ROOT = process.getuid?.() === 0;
// The largest body the portal takes: multipart uploads of up to 20 MB (app.ts), plus the form around them.
const UPLOAD_LIMIT = '21m';

/** What each process's command line contains, so only the processes this cluster started are signalled. */
export const MARKS = {
  nginx: path.join(DIR, 'nginx'),
  redis: `127.0.0.1:${PORTS.redis}`,
  s3: path.join(DIR, 's3'),
  instance: (port) => `${path.join(ROOT, 'apps/server/dist/main.js')} --cluster-port=${port}`,
};

const log = (message) => console.log(`cluster: ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function parseArgs(argv) {
  const options = { command: 'start', instances: 3, jobInterval: '2s', rateLimits: 'off' };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === 'stop' || arg === 'start' || arg === 'status') options.command = arg;
    else if (arg === '--instances') options.instances = Number(value());
    else if (arg === '--job-interval') options.jobInterval = value();
    else if (arg === '--rate-limits') options.rateLimits = value();
    else
      throw new Error(
        `Unknown argument ${arg}. Use: [start|stop|status] [--instances N] [--job-interval 2s|off] [--rate-limits off|on]`,
      );
  }
  if (!Number.isInteger(options.instances) || options.instances < 1 || options.instances > 9) {
    throw new Error('--instances must be a whole number from 1 to 9');
  }
  if (!['on', 'off'].includes(options.rateLimits)) throw new Error('--rate-limits must be on or off');
  return options;
}

export const readState = () => (fs.existsSync(STATE) ? JSON.parse(fs.readFileSync(STATE, 'utf8')) : undefined);
const writeState = (state) => fs.writeFileSync(STATE, `${JSON.stringify(state, null, 2)}\n`);
/** Changes the recorded state (the cluster test restarts instances and Redis, and records the new pids). */
export function updateState(change) {
  const state = readState();
  change(state);
  writeState(state);
}
export { PORTS, DIR };

/** Whether `pid` is alive and is still the process we started (its command line names our marker). */
export function ours(pid, marker) {
  if (!pid) return false;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return cmdline.includes(marker);
  } catch {
    return false;
  }
}

// ── system packages, as .ci/run installs them ──────────────────────────────────────────────────
function pgBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1), 'bin') : undefined;
}
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const NGINX = () => (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

function installMissing() {
  const need = [];
  if (!pgBin()) need.push('postgresql');
  if (!has('redis-server')) need.push('redis-server');
  if (!fs.existsSync('/usr/sbin/nginx') && !has('nginx')) need.push('nginx');
  if (need.length === 0) return;
  log(`installing ${need.join(', ')} with apt-get`);
  const sudo = IS_ROOT ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq --no-install-recommends ${need.join(' ')}`, {
    stdio: 'inherit',
  });
  // Debian starts the packaged services; ours run on their own ports, theirs are left as they are.
}

// ── PostgreSQL: a cluster in .cluster/pg, run as the Debian package's postgres account when root ──
const asPostgres = (command) =>
  IS_ROOT
    ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { stdio: 'pipe' })
    : execSync(command, { stdio: 'pipe' });

function startPostgres() {
  const bin = pgBin();
  const data = path.join(DIR, 'pg');
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    fs.rmSync(data, { recursive: true, force: true });
    fs.mkdirSync(data, { recursive: true, mode: 0o700 });
    if (IS_ROOT) execFileSync('chown', ['postgres:postgres', data]);
    asPostgres(`${bin}/initdb -D ${data} -A trust -U portal --no-instructions`);
  }
  const status = spawnSync('sh', [
    '-c',
    IS_ROOT ? `su postgres -s /bin/sh -c '${bin}/pg_ctl -D ${data} status'` : `${bin}/pg_ctl -D ${data} status`,
  ]);
  if (status.status !== 0) {
    const options = `-c listen_addresses=127.0.0.1 -p ${PORTS.postgres} -k ${data} -c max_connections=200 -c fsync=on`;
    try {
      asPostgres(`${bin}/pg_ctl -D ${data} -l ${data}/server.log -o '${options}' -w -t 120 start`);
    } catch (error) {
      const tail = fs.existsSync(`${data}/server.log`)
        ? fs.readFileSync(`${data}/server.log`, 'utf8').split('\n').slice(-20).join('\n')
        : '';
      throw new Error(`PostgreSQL did not start:\n${tail}\n${error.stderr ?? ''}`);
    }
  }
  // A database of its own, so the demo data and the test's accounts stay apart from the bootstrap one.
  const exists = spawnSync(
    `${bin}/psql`,
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(PORTS.postgres),
      '-U',
      'portal',
      '-d',
      'postgres',
      '-tAc',
      "select 1 from pg_database where datname = 'portal'",
    ],
    { encoding: 'utf8' },
  );
  if (exists.stdout.trim() !== '1') {
    execFileSync(`${bin}/psql`, [
      '-h',
      '127.0.0.1',
      '-p',
      String(PORTS.postgres),
      '-U',
      'portal',
      '-d',
      'postgres',
      '-c',
      'create database portal',
    ]);
  }
  const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { pid, data, bin };
}

function stopPostgres(state) {
  const { data, bin } = state.postgres ?? {};
  if (!data || !fs.existsSync(path.join(data, 'postmaster.pid'))) return;
  // If a drill left it stopped (SIGSTOP), let it run again so it can shut down.
  if (state.postgres.pid && ours(state.postgres.pid, data)) {
    for (const pid of [state.postgres.pid, ...children(state.postgres.pid)]) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        /* gone */
      }
    }
  }
  try {
    asPostgres(`${bin}/pg_ctl -D ${data} -m fast -w -t 60 stop`);
  } catch {
    /* not running */
  }
}

/** The process ids whose parent is `pid`. */
export function children(pid) {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);
}

// ── detached helpers: Redis, s3rver, the instances, nginx ──────────────────────────────────────
function detached(name, command, args, env = {}) {
  const out = fs.openSync(path.join(DIR, 'logs', `${name}.log`), 'a');
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', out, out] });
  child.unref();
  fs.closeSync(out);
  return child.pid;
}

/** Whether nothing listens on 127.0.0.1:`port`. */
function portFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** An error that ends a wait at once (the process waited for has exited). */
const fatal = (message) => Object.assign(new Error(message), { fatal: true });

async function waitFor(what, check, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const up = await check().catch((error) => {
      if (error.fatal) throw error;
      return false;
    });
    if (up) return;
    if (Date.now() > until) throw new Error(`${what} did not come up within ${timeoutMs / 1000}s (see .cluster/logs)`);
    await sleep(200);
  }
}

export const redisUp = async () =>
  spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(PORTS.redis), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG';

export function startRedis() {
  const dir = path.join(DIR, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  return detached('redis', 'redis-server', [
    '--bind',
    '127.0.0.1',
    '--port',
    String(PORTS.redis),
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ]);
}

function startS3() {
  const dir = path.join(DIR, 's3');
  fs.mkdirSync(dir, { recursive: true });
  const bin = path.join(ROOT, 'node_modules', 's3rver', 'bin', 's3rver.js');
  return detached('s3rver', process.execPath, [
    bin,
    '--directory',
    dir,
    '--address',
    '127.0.0.1',
    '--port',
    String(PORTS.s3),
    '--configure-bucket',
    BUCKET,
    '--silent',
  ]);
}

/** The settings every instance shares; the cluster test reads them from .cluster/state.json. */
function sharedEnv(options, secret) {
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${PORTS.nginx}`,
    TRUST_PROXY: 'true',
    DATA_DIR: path.join(DIR, 'data'),
    DATABASE_URL: `postgres://portal@127.0.0.1:${PORTS.postgres}/portal`,
    DATABASE_POOL_SIZE: '10',
    DATABASE_CONNECT_TIMEOUT: '2s',
    DATABASE_QUERY_TIMEOUT: '3s',
    REDIS_URL: `redis://127.0.0.1:${PORTS.redis}`,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${PORTS.s3}`,
    S3_ACCESS_KEY_ID: S3_KEY,
    S3_SECRET_ACCESS_KEY: S3_KEY,
    JWT_SECRET: secret,
    SHUTDOWN_DRAIN: '1s',
    SHUTDOWN_TIMEOUT: '15s',
    SOCKET_PING_INTERVAL: '10s',
    RATE_LIMITS: options.rateLimits,
    LOG_LEVEL: 'warn',
  };
  if (options.jobInterval !== 'off') env.JOB_INTERVAL = options.jobInterval;
  return env;
}

export function startInstance(port, env) {
  return detached(`instance-${port}`, process.execPath, [path.join(ROOT, 'apps/server/dist/main.js'), `--cluster-port=${port}`], {
    ...env,
    PORT: String(port),
  });
}

export const readyz = async (port) =>
  (await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(3000) })).status === 200;

function nginxConfig(instances) {
  const dir = path.join(DIR, 'nginx');
  const servers = instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=3s;`).join('\n');
  const proxy = `      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_connect_timeout 2s;
      # A refused or failed connection, or an instance answering 502/503 (shutting down), is retried
      # on the next instance. nginx never retries POST/PATCH/DELETE once sent (no non_idempotent).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries ${Math.max(2, instances.length)};
      proxy_next_upstream_timeout 15s;
      # Which instance answered (the cluster test checks the spread and that a restarted one rejoins).
      add_header X-Portal-Upstream $upstream_addr always;`;
  return `# Generated by scripts/cluster.mjs; rewritten at each start.
${IS_ROOT ? 'user www-data;\n' : ''}worker_processes auto;
# Each proxied socket holds two connections (client and instance): room for about 4000 sockets per worker.
worker_rlimit_nofile 20000;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream portal {
    # Passive health: an instance that fails a connection or answers 503 (a draining one answers
    # reads so) is left out for fail_timeout, then tried again; the zone shares that across workers.
    zone portal 64k;
${servers}
  }
  server {
    listen 127.0.0.1:${PORTS.nginx};
    listen [::1]:${PORTS.nginx};
    server_name localhost;
    client_max_body_size ${UPLOAD_LIMIT};
    # When no instance can answer, the client gets the API's JSON error shape, not nginx's HTML page.
    error_page 502 504 = @unavailable;
    location @unavailable {
      default_type application/json;
      add_header Retry-After 5 always;
      return 503 '{"detail":"The portal is not reachable right now. Try again in a moment."}';
    }
    # Each instance's metrics are read on the instance itself (docs/deploy.md), never through here.
    location ~* ^/metrics/?$ {
      default_type application/json;
      return 404 '{"detail":"Not found."}';
    }
    location / {
${proxy}
      proxy_read_timeout 60s;
    }
    # Chat and notification sockets stay open: long read timeout (the server pings every SOCKET_PING_INTERVAL).
    location /ws/ {
${proxy}
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
  }
}
`;
}

function startNginx(instances) {
  const dir = path.join(DIR, 'nginx');
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(instances));
  execFileSync(NGINX(), ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'pipe' });
  return detached('nginx', NGINX(), ['-p', dir, '-c', conf, '-g', 'daemon off;']);
}

// ── start / stop ──────────────────────────────────────────────────────────────────────────────
async function stop({ quiet = false } = {}) {
  const state = readState();
  if (!state) {
    if (!quiet) log('nothing to stop (no .cluster/state.json)');
    return;
  }
  const signal = (pid, marker, sig) => {
    if (!ours(pid, marker)) return false;
    process.kill(pid, sig);
    return true;
  };
  const waitGone = async (pid, marker, ms) => {
    const until = Date.now() + ms;
    while (ours(pid, marker) && Date.now() < until) await sleep(100);
    if (ours(pid, marker)) process.kill(pid, 'SIGKILL');
  };
  // Workers outlive a master killed with SIGKILL (and then hold the port): they are stopped by their ids.
  const workers = [...(state.nginxWorkers ?? []), ...(ours(state.nginx, MARKS.nginx) ? children(state.nginx) : [])];
  signal(state.nginx, MARKS.nginx, 'SIGQUIT');
  for (const instance of state.instances ?? []) signal(instance.pid, MARKS.instance(instance.port), 'SIGTERM');
  for (const instance of state.instances ?? []) await waitGone(instance.pid, MARKS.instance(instance.port), 20_000);
  await waitGone(state.nginx, MARKS.nginx, 5_000);
  for (const pid of new Set(workers)) {
    if (ours(pid, 'nginx: worker process')) process.kill(pid, 'SIGTERM');
  }
  signal(state.s3, MARKS.s3, 'SIGTERM');
  await waitGone(state.s3, MARKS.s3, 5_000);
  signal(state.redis, MARKS.redis, 'SIGTERM');
  await waitGone(state.redis, MARKS.redis, 5_000);
  stopPostgres(state);
  fs.rmSync(STATE, { force: true });
  if (!quiet) log('stopped (data kept in .cluster/; delete the folder for a fresh start)');
}

function running(state) {
  return (
    state &&
    ours(state.nginx, MARKS.nginx) &&
    ours(state.redis, MARKS.redis) &&
    ours(state.s3, MARKS.s3) &&
    (state.instances ?? []).every((i) => ours(i.pid, MARKS.instance(i.port)))
  );
}

function printAddresses(state) {
  log(`ready in ${state.startSeconds ?? '?'}s
  portal (nginx)   http://localhost:${PORTS.nginx}
${state.instances.map((i) => `  instance         http://127.0.0.1:${i.port}   pid ${i.pid}`).join('\n')}
  PostgreSQL       postgres://portal@127.0.0.1:${PORTS.postgres}/portal
  Redis            redis://127.0.0.1:${PORTS.redis}
  S3 (s3rver)      http://127.0.0.1:${PORTS.s3}  bucket ${BUCKET}
  mail outbox      ${path.relative(ROOT, path.join(DIR, 'data', 'outbox'))}/   logs .cluster/logs/
  stop with        npm run cluster:stop`);
}

async function start(options) {
  const previous = readState();
  if (running(previous) && JSON.stringify(previous.options) === JSON.stringify(options)) {
    log('already running');
    printAddresses(previous);
    return;
  }
  if (previous) {
    log(running(previous) ? 'restarting with the new options' : 'stopping what is left of an earlier run');
    await stop({ quiet: true });
  }
  const started = Date.now();
  installMissing();
  for (const sub of ['logs', 'data']) fs.mkdirSync(path.join(DIR, sub), { recursive: true });
  fs.chmodSync(DIR, 0o755);
  const secretFile = path.join(DIR, 'jwt-secret');
  if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  const secret = fs.readFileSync(secretFile, 'utf8').trim();

  const stale = staleParts();
  if (stale.length > 0) {
    log(`building (${stale.map((part) => part.name).join(' and ')})`);
    execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  }

  const ports = Array.from({ length: options.instances }, (_, i) => PORTS.firstInstance + i);
  for (const port of [PORTS.postgres, PORTS.redis, PORTS.s3, PORTS.nginx, ...ports]) {
    if (!(await portFree(port))) throw new Error(`port ${port} is in use by another process: stop it, then run this again`);
  }
  const state = { options, ports: PORTS, instances: [] };
  const save = () => writeState(state);
  try {
    state.postgres = startPostgres();
    save();
    state.redis = startRedis();
    save();
    state.s3 = startS3();
    save();
    await waitFor('Redis', redisUp, 20_000);
    await waitFor('s3rver', async () => (await fetch(`http://127.0.0.1:${PORTS.s3}/`)).status < 500, 30_000);
    state.env = sharedEnv(options, secret);
    save();
    // The first instance migrates and seeds; the others then start together.
    for (const batch of [ports.slice(0, 1), ports.slice(1)]) {
      for (const port of batch) {
        state.instances.push({ port, pid: startInstance(port, state.env) });
        save();
      }
      await Promise.all(
        batch.map((port) =>
          waitFor(`instance ${port}`, async () => {
            const instance = state.instances.find((i) => i.port === port);
            if (!ours(instance.pid, MARKS.instance(port)))
              throw fatal(`instance ${port} exited; see .cluster/logs/instance-${port}.log`);
            return readyz(port);
          }),
        ),
      );
    }
    state.nginx = startNginx(state.instances);
    save();
    await waitFor(
      'nginx',
      async () => {
        if (!ours(state.nginx, MARKS.nginx)) throw fatal('nginx exited; see .cluster/logs/nginx.log');
        return (await fetch(`http://127.0.0.1:${PORTS.nginx}/readyz`)).status === 200;
      },
      20_000,
    );
    state.nginxWorkers = children(state.nginx);
  } catch (error) {
    log(`start failed: ${error.message}`);
    await stop({ quiet: true });
    throw error;
  }
  state.startSeconds = Math.round((Date.now() - started) / 1000);
  save();
  printAddresses(state);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  try {
    const options = parseArgs(process.argv.slice(2));
    if (options.command === 'stop') await stop();
    else if (options.command === 'status') {
      const state = readState();
      if (running(state)) printAddresses(state);
      else log('not running');
    } else await start(options);
  } catch (error) {
    console.error(`cluster: ${error.message}`);
    process.exit(1);
  }
}
