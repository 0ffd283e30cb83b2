import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDetail, ConversationMessage, Notification, Profile } from '@portal/contracts';
import { buildApp } from '../src/app.js';
import { createAccountsRepository } from '../src/auth/accounts.repository.js';
import { hashPassword } from '../src/auth/password-hash.js';
import { loadConfig } from '../src/core/config.js';
import { createMemoryEventBus } from '../src/core/events/memory-event-bus.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { chatPath, framesOf, notificationPath, openLive } from './support/chat.js';
import { ensureServerBuild, startServer, type ServerProcess } from './support/server-process.js';
import { SETUP_TIMEOUT_MS } from './support/social.js';
import type { TestSocket } from './support/socket-client.js';
import { openTestDatabase } from './support/test-database.js';

/**
 * Two portal instances on one database: A talks to instance 1, B to instance 2, and each hears
 * the other live. With TEST_DATABASE_URL and TEST_REDIS_URL (CI's second pass) they are two real
 * server processes sharing PostgreSQL and Redis pub/sub; otherwise two apps in this process sharing
 * one embedded database and one in-process event bus, each with its own sockets.
 */
const realServers = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const PASSWORD = 'lantern-orbit-2026';

interface Cluster {
  urls: [string, string];
  /** Stops instance `index` (its sockets drop), runs `meanwhile`, and starts it again on a new port. */
  restart(index: 0 | 1, meanwhile: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

let database: { handle: DatabaseHandle; url: string | undefined; drop(): Promise<void> };
let cluster: Cluster;
const dataDirs: string[] = [];

async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-instances-'));
  dataDirs.push(dir);
  return dir;
}

async function person(key: string) {
  const accounts = createAccountsRepository(database.handle.db);
  const account = await accounts.insert({
    email: `${key}@instances.test`,
    username: key,
    firstName: key[0]!.toUpperCase() + key.slice(1),
    lastName: 'Instance',
    passwordHash: await hashPassword(PASSWORD),
    isActive: true,
  });
  await accounts.insertSocialProfile(account.id, `${key}-instance`);
  return `${key}@instances.test`;
}

async function inProcessCluster(): Promise<Cluster> {
  const events = createMemoryEventBus();
  const start = async () => {
    const dataDir = await tempDir();
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://portal.test',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    const app = await buildApp({ config, database: database.handle, events, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  const apps = [await start(), await start()];
  const url = (index: number) => `http://127.0.0.1:${(apps[index]!.server.address() as AddressInfo).port}`;
  const cluster: Cluster = {
    urls: [url(0), url(1)],
    async restart(index, meanwhile) {
      await apps[index]!.close();
      await meanwhile();
      apps[index] = await start();
      cluster.urls[index] = url(index);
    },
    async close() {
      for (const app of apps) await app.close();
      await events.close();
    },
  };
  return cluster;
}

async function processCluster(): Promise<Cluster> {
  ensureServerBuild();
  const prefix = `inst${Date.now().toString(36)}:`;
  const start = async () =>
    startServer({
      DATA_DIR: await tempDir(),
      DATABASE_URL: database.url!,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_KEY_PREFIX: prefix,
      WEB_DIST_DIR: path.join(os.tmpdir(), 'portal-no-web-build'),
    });
  const servers: ServerProcess[] = [await start(), await start()];
  const cluster: Cluster = {
    urls: [servers[0]!.url, servers[1]!.url],
    async restart(index, meanwhile) {
      servers[index]!.child.kill('SIGTERM');
      await servers[index]!.exited;
      await meanwhile();
      servers[index] = await start();
      cluster.urls[index] = servers[index]!.url;
    },
    async close() {
      for (const server of servers) {
        if (server.child.exitCode === null) server.child.kill('SIGTERM');
        await server.exited;
      }
    },
  };
  return cluster;
}

async function login(base: string, email: string) {
  const tokens = await fetch(`${base}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (tokens.status !== 200) throw new Error(`login failed: ${tokens.status} ${await tokens.text()}`);
  const { access } = (await tokens.json()) as { access: string };
  const call = async <T>(url: string, init: RequestInit = {}) => {
    const response = await fetch(base + url, {
      ...init,
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json', ...init.headers },
    });
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const profile = await call<Profile>('/api/social-profiles/me/');
  return { base, access, profile, call, ws: base.replace('http', 'ws') };
}

beforeAll(async () => {
  database = await openTestDatabase();
  if (realServers) await runMigrations(database.handle);
  await person('ana');
  await person('ben');
  cluster = realServers ? await processCluster() : await inProcessCluster();
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await cluster?.close();
  await database?.drop();
  for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
}, 60_000);

describe(`two instances (${realServers ? 'two processes, PostgreSQL and Redis' : 'two apps in one process, shared database and bus'})`, () => {
  it('A on instance 1 and B on instance 2 exchange messages and get notifications live', async () => {
    const ana = await login(cluster.urls[0], 'ana@instances.test');
    const ben = await login(cluster.urls[1], 'ben@instances.test');
    const { id } = await ana.call<ConversationDetail>(`/api/social-chat/${ben.profile.slug}/get-or-create/`);
    const sockets: TestSocket[] = [
      await openLive(ana.ws + chatPath(id, ana.profile.id), ana.access),
      await openLive(ben.ws + chatPath(id, ben.profile.id), ben.access),
    ];
    const [anaChat, benChat] = sockets as [TestSocket, TestSocket];
    const benNotes = await openLive(ben.ws + notificationPath(ben.profile.id), ben.access);
    const anaNotes = await openLive(ana.ws + notificationPath(ana.profile.id), ana.access);
    for (const socket of [anaChat, benChat, benNotes, anaNotes]) expect(socket.events).toEqual([{ ready: true }]);

    const send = (user: typeof ana, body: string) =>
      user.call<ConversationMessage>(`/api/social-chat/${id}/send/`, { method: 'POST', body: JSON.stringify({ body }) });
    const hello = await send(ana, 'Hello from instance 1');
    expect(await benChat.until((event) => (event.message as { id?: string })?.id === hello.id)).toEqual({ message: hello });
    await anaChat.until((event) => (event.message as { id?: string })?.id === hello.id);
    expect(await benNotes.until((event) => event.message === 'chat_message')).toEqual({ message: 'chat_message' });

    const reply = await send(ben, 'Hello back from instance 2');
    await anaChat.until((event) => (event.message as { id?: string })?.id === reply.id);
    await benChat.until((event) => (event.message as { id?: string })?.id === reply.id);
    await anaNotes.until((event) => event.message === 'chat_message');

    expect(framesOf(anaChat).map((message) => message.body)).toEqual(['Hello from instance 1', 'Hello back from instance 2']);
    expect(framesOf(benChat).map((message) => message.body)).toEqual(['Hello from instance 1', 'Hello back from instance 2']);
    const notes = await ben.call<Notification[]>('/api/social-notifications/');
    expect(notes.map((note) => note.body)).toEqual(['Ana Instance sent you a message!']);
    for (const socket of [anaChat, benChat, benNotes, anaNotes]) socket.socket.close();
  });

  it('after its instance restarts, B reconnects and re-fetches: every message once, none lost, then live again', async () => {
    const ana = await login(cluster.urls[0], 'ana@instances.test');
    let ben = await login(cluster.urls[1], 'ben@instances.test');
    const { id } = await ana.call<ConversationDetail>(`/api/social-chat/${ben.profile.slug}/get-or-create/`);
    const send = (user: typeof ana, body: string) =>
      user.call<ConversationMessage>(`/api/social-chat/${id}/send/`, { method: 'POST', body: JSON.stringify({ body }) });
    const before = await send(ana, 'Before the restart');
    const benChat = await openLive(ben.ws + chatPath(id, ben.profile.id), ben.access);

    const whileDown: ConversationMessage[] = [];
    await cluster.restart(1, async () => {
      // "Going away": the client reconnects (a refusal, 4401/4403, would not).
      expect(await benChat.closed()).toBe(1001);
      whileDown.push(await send(ana, 'Sent while instance 2 was down'), await send(ana, 'And another one'));
    });

    // What the web client does on reconnect: log in again if it must, open the socket, and on
    // `ready` re-fetch the conversation, merging by id.
    ben = await login(cluster.urls[1], 'ben@instances.test');
    const again = await openLive(ben.ws + chatPath(id, ben.profile.id), ben.access);
    expect(again.events).toEqual([{ ready: true }]);
    const detail = await ben.call<ConversationDetail>(`/api/social-chat/${id}/`);
    const ids = detail.messages.map((message) => message.id);
    // The first test's two messages come first: same two people, same conversation.
    expect(ids.slice(-3)).toEqual([before.id, ...whileDown.map((message) => message.id)]);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(ids.length);

    const after = await send(ana, 'Live again');
    await again.until((event) => (event.message as { id?: string })?.id === after.id);
    expect(framesOf(again).map((message) => message.id)).toEqual([after.id]);
    again.socket.close();
  });
});
