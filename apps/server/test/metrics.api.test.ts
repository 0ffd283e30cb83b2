import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestSocket } from './support/socket-client.js';
import { parsePrometheusText, sampleValue, type Sample } from './support/prometheus-text.js';
import { socialUser, type SocialUser } from './support/social.js';
import { createTestApp, newPerson, type TestApp } from './support/test-app.js';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let base: string;
let rosa: SocialUser;

/** Scrapes /metrics over TCP from this machine, as Prometheus beside the portal would, and parses it. */
async function scrape(): Promise<Sample[]> {
  const response = await fetch(`${base}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parsePrometheusText(await response.text()).samples;
}

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  rosa = await socialUser(t);
}, 120_000);
afterAll(() => t.close());

describe('GET /metrics', () => {
  it('counts requests by route pattern, method and status, with latency histograms and public-cache hits and misses', async () => {
    const before = await scrape();
    const appsListed = (samples: Sample[]) =>
      sampleValue(samples, 'portal_http_requests_total', { method: 'GET', route: '/api/v1/vue-apps/', status: '200' }) ?? 0;
    const hits = (samples: Sample[], result: string) =>
      sampleValue(samples, 'portal_public_cache_requests_total', { scope: 'apps', result }) ?? 0;
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}/api/v1/vue-apps/`)).status).toBe(200);
    // Raw URLs never become labels: a profile's slug, an unknown path.
    await fetch(`${base}/api/social-posts/profile/some-one-${Date.now()}/`);
    await fetch(`${base}/no/such/path/${Date.now()}`);
    const after = await scrape();

    expect(appsListed(after) - appsListed(before)).toBe(3);
    // The first read made the answer (a miss, unless an earlier one did), the others came from memory.
    expect(hits(after, 'hit') - hits(before, 'hit')).toBeGreaterThanOrEqual(2);
    expect(hits(after, 'hit') + hits(after, 'miss') - hits(before, 'hit') - hits(before, 'miss')).toBe(3);
    const routes = new Set(after.filter((s) => s.name === 'portal_http_requests_total').map((s) => s.labels.route));
    expect(routes).toContain('/api/social-posts/profile/:slug/');
    expect([...routes].some((route) => /some-one|no\/such/.test(route!))).toBe(false);

    const count = sampleValue(after, 'portal_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/v1/vue-apps/',
    })!;
    const inf = sampleValue(after, 'portal_http_request_duration_seconds_bucket', {
      method: 'GET',
      route: '/api/v1/vue-apps/',
      le: '+Inf',
    });
    const fast = sampleValue(after, 'portal_http_request_duration_seconds_bucket', {
      method: 'GET',
      route: '/api/v1/vue-apps/',
      le: '0.005',
    })!;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(inf).toBe(count);
    expect(fast).toBeLessThanOrEqual(count);
    expect(
      sampleValue(after, 'portal_http_request_duration_seconds_sum', { method: 'GET', route: '/api/v1/vue-apps/' }),
    ).toBeGreaterThan(0);
  });

  it('shows the pool, statement timeouts, events, jobs, emails, sockets, backups and the process', async () => {
    const before = await scrape();
    // A sign-up: an email, and a write announced on the bus.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/authusers/', payload: newPerson() })).statusCode).toBe(201);
    // A statement cancelled by its timeout.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 20`);
        await tx.execute(sql`select pg_sleep(2)`);
      }),
    ).rejects.toThrow();
    expect(await t.app.scheduler.runNow('social-trends')).toBe(true);
    expect(await t.app.scheduler.runNow('backup')).toBe(true);
    const socket = await openTestSocket(
      `${base.replace(/^http/, 'ws')}/ws/notification/${rosa.profile.id}/?token=${rosa.access}`,
    );
    await socket.until((event) => event.ready === true);
    const during = await scrape();
    socket.socket.close();
    await socket.closed();

    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sampleValue(during, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
    expect(delta('portal_emails_total', { result: 'sent' })).toBe(1);
    expect(delta('portal_events_published_total', { channel: 'content' })).toBeGreaterThanOrEqual(1);
    expect(delta('portal_events_received_total', { channel: 'content' })).toBeGreaterThanOrEqual(1);
    expect(delta('portal_db_statement_timeouts_total')).toBe(1);
    expect(delta('portal_job_runs_total', { job: 'social-trends', result: 'ok' })).toBe(1);
    expect(delta('portal_job_runs_total', { job: 'backup', result: 'ok' })).toBe(1);
    expect(delta('portal_backups_total', { result: 'ok' })).toBe(1);
    expect(sampleValue(during, 'portal_backup_last_success_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 120);
    expect(sampleValue(during, 'portal_backup_last_size_bytes')).toBeGreaterThan(0);
    expect(sampleValue(during, 'portal_sockets_open', { kind: 'notification' })).toBe(1);
    expect(delta('portal_sockets_opened_total', { kind: 'notification' })).toBe(1);
    expect(sampleValue(during, 'portal_db_pool_max')).toBe(5);
    expect(sampleValue(during, 'portal_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(during, 'portal_db_pool_waiting')).toBe(0);
    expect(sampleValue(during, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(during, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);

    await vi.waitFor(async () => expect(sampleValue(await scrape(), 'portal_sockets_open', { kind: 'notification' })).toBe(0));
  });

  it('answers only this machine, or a caller with METRICS_TOKEN: never a forwarded address, whatever it claims', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    const outside = await from('203.0.113.7');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ detail: 'Metrics are served to this machine, or with the METRICS_TOKEN bearer token.' });
    // TRUST_PROXY is on here: a client claiming to be loopback is still not.
    expect((await from('203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    // A proxy on this machine (nginx in front) relays clients from anywhere: refused too.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(403);
    expect((await from('127.0.0.1', { 'x-real-ip': '203.0.113.7' })).statusCode).toBe(403);
    expect((await from('203.0.113.7', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await from('203.0.113.7', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(403);
    expect((await from('203.0.113.7', { authorization: `Bearer ${rosa.access}` })).statusCode).toBe(403);
  });
});
