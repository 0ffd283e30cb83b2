// The container files, checked without a container tool (none can run containers on the CI
// machine): compose.yaml parses and has the cluster's topology; the Dockerfile follows the rules
// docs/deploy.md states (multi-stage, production dependencies only, non-root, health check).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** Dockerfile instructions, continuation lines joined, comments dropped. */
function instructions(text) {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

describe('Dockerfile', () => {
  const steps = instructions(read('Dockerfile'));
  const stages = [];
  for (const step of steps) {
    if (step.keyword === 'FROM') stages.push({ from: step.args, name: /\bAS\s+(\S+)/i.exec(step.args)?.[1], steps: [] });
    else stages.at(-1).steps.push(step);
  }
  const final = stages.at(-1);

  it('is multi-stage on one pinned Node major, and every COPY --from names an earlier stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:20-[\w.-]+ AS \w+$/);
    stages.forEach((stage, index) => {
      for (const step of stage.steps.filter((s) => s.keyword === 'COPY' && s.args.includes('--from='))) {
        const from = /--from=(\S+)/.exec(step.args)[1];
        expect(stages.slice(0, index).map((s) => s.name)).toContain(from);
      }
    });
  });

  it('runs the final stage as a non-root user, with production dependencies only and no sources', () => {
    const users = final.steps.filter((s) => s.keyword === 'USER').map((s) => s.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    // node_modules come from a stage that installed with --omit=dev.
    const modules = final.steps.find((s) => s.keyword === 'COPY' && /\snode_modules$/.test(s.args));
    const depsStage = stages.find((s) => s.name === /--from=(\S+)/.exec(modules.args)[1]);
    expect(depsStage.steps.some((s) => s.keyword === 'RUN' && /npm ci\b.*--omit=dev/.test(s.args))).toBe(true);
    // Nothing is copied into the final stage from the build context (only built files from stages).
    expect(final.steps.filter((s) => s.keyword === 'COPY' && !s.args.includes('--from='))).toEqual([]);
    expect(final.steps.find((s) => s.keyword === 'CMD').args).toContain('apps/server/dist/main.js');
  });

  it('checks /healthz, exposes the port it listens on, and copies only paths that exist', () => {
    const health = final.steps.find((s) => s.keyword === 'HEALTHCHECK');
    expect(health.args).toContain('/healthz');
    const port = /PORT=(\d+)/.exec(final.steps.find((s) => s.keyword === 'ENV').args)[1];
    expect(final.steps.find((s) => s.keyword === 'EXPOSE').args).toBe(port);
    for (const stage of stages) {
      for (const step of stage.steps.filter((s) => s.keyword === 'COPY' && !s.args.includes('--from='))) {
        const sources = step.args.split(/\s+/).slice(0, -1);
        for (const source of sources) expect(fs.existsSync(path.join(ROOT, source)), source).toBe(true);
      }
    }
    const ignored = read('.dockerignore');
    for (const entry of ['**/node_modules', '.cluster', '.env', 'data']) expect(ignored.split('\n')).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const compose = YAML.parse(read('compose.yaml'), { merge: true });
  const services = compose.services;

  it('has the topology of npm run cluster: PostgreSQL, Redis, an S3 store, three portal instances and nginx on 8080', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['minio', 'minio-bucket', 'nginx', 'portal-1', 'portal-2', 'portal-3', 'postgres', 'redis'].sort(),
    );
    expect(services.nginx.ports).toEqual(['8080:80']);
    expect(services.nginx.volumes).toEqual(['./deploy/nginx.conf:/etc/nginx/nginx.conf:ro']);
    for (const name of ['postgres', 'redis', 'minio']) expect(services[name].healthcheck).toBeDefined();
  });

  it('builds every instance from the Dockerfile with the same secret, database, Redis and bucket', () => {
    const portals = ['portal-1', 'portal-2', 'portal-3'].map((name) => services[name]);
    for (const portal of portals) {
      expect(portal.build).toBe('.');
      expect(portal.environment).toEqual(portals[0].environment);
      expect(portal.depends_on.postgres.condition).toBe('service_healthy');
    }
    const env = portals[0].environment;
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\/portal$/);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    expect(env.TRUST_PROXY).toBe('true');
    expect(env.JWT_SECRET).toMatch(/^\$\{PORTAL_JWT_SECRET:\?/);
  });

  it('points nginx at the three instances with passive health checks, retries and socket upgrades', () => {
    const conf = read('deploy/nginx.conf').replace(/#.*$/gm, '');
    for (const name of ['portal-1', 'portal-2', 'portal-3'])
      expect(conf).toContain(`server ${name}:8000 max_fails=1 fail_timeout=3s;`);
    expect(conf).toContain('proxy_next_upstream error timeout http_502 http_503;');
    expect(conf).not.toContain('non_idempotent');
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(conf).toContain('client_max_body_size 21m;');
  });
});
