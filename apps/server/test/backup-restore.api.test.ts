import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackupService } from '../src/core/backup/backup.service.js';
import { restoreBackup } from '../src/core/backup/restore-backup.js';
import { S3_BACKUP_PREFIX } from '../src/core/backup/s3-backup-copies.js';
import { createScheduler } from '../src/core/scheduler.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { runPortalCli } from '../src/portal-cli.js';
import { backoffice, member, paidOrder } from './support/backoffice.js';
import { contentFingerprint } from './support/database-fingerprint.js';
import { startS3StandIn } from './support/s3-stand-in.js';
import { befriend, picture, post, socialUser } from './support/social.js';
import { createProduct } from './support/taberna.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
let t: TestApp;
let work: string;
let owner: Awaited<ReturnType<typeof member>>;
const extraDatabases: { name: string; handle?: DatabaseHandle }[] = [];

/** An empty database on the test server (nothing migrated), as a new machine's would be. */
async function emptyDatabase(): Promise<{ url: string; handle(): Promise<DatabaseHandle> }> {
  const name = `portal_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: t.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(t.databaseUrl!);
  url.pathname = `/${name}`;
  const entry: (typeof extraDatabases)[number] = { name };
  extraDatabases.push(entry);
  return {
    url: url.toString(),
    handle: async () => (entry.handle ??= await openDatabase({ databaseUrl: url.toString(), poolSize: 2 })),
  };
}

function capture(answer?: string) {
  const lines = { out: [] as string[], err: [] as string[] };
  const io = {
    out: (line: string) => void lines.out.push(line),
    err: (line: string) => void lines.err.push(line),
    ask: answer === undefined ? undefined : async () => answer,
  };
  return { lines, io };
}

const mediaDirOf = (dataDir: string) => path.join(dataDir, 'media');

beforeAll(async () => {
  t = await createTestApp({ BACKUP_SCHEDULE: 'off' });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-test-'));
  // Something of everything: people and their sessions, friends, posts with pictures, a product,
  // a paid order with its payment and stock ledger, a back-office action and its audit row.
  const [rosa, bruno] = [await socialUser(t), await socialUser(t)];
  await befriend(t, rosa, bruno);
  await post(t, rosa, 'Backed up #safe', { images: [await picture('png', 64, 48, '#336699'), await picture('jpeg')] });
  owner = await member(t, 'owner');
  const customer = await member(t);
  const product = await createProduct(t.database.db, { stock: 5 });
  const order = await paidOrder(t, owner, customer, product.id);
  expect((await backoffice(t, owner)('POST', `/orders/${order}/ship/`, { tracking: 'Tracking 1' })).statusCode).toBe(200);
}, 180_000);

afterAll(async () => {
  for (const { name, handle } of extraDatabases) {
    await handle?.close();
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  await t.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let file: string;
  let before: Record<string, string>;

  it('brings every row and picture back into an empty database and an empty DATA_DIR, and again over changed data', async () => {
    before = await contentFingerprint(t.database.db, mediaDirOf(t.dataDir));
    expect(Object.keys(before).filter((key) => key.startsWith('media ')).length).toBeGreaterThanOrEqual(8);
    const service = createBackupService({ config: t.config, database: t.database, log, ranBy: 'test' });
    file = path.join(work, 'first.tar.gz');
    const made = await service.run('command', file);
    expect(made.bytes).toBe((await fs.stat(file)).size);
    // The portal's own logical format counts each table's rows; with a pg_dump as new as the server
    // (CI's PostgreSQL has one) PostgreSQL's format is written and the rows are compared below.
    if (made.method === 'logical') expect(made.end.tables.taberna_orders).toBe(1);
    else expect(made.end.tables).toEqual({});

    // A new machine: an empty database and an empty DATA_DIR.
    const target = await emptyDatabase();
    const restoredMedia = path.join(work, 'new-data', 'media');
    await restoreBackup(file, { databaseUrl: target.url, media: { kind: 'dir', dir: restoredMedia } });
    const db = await target.handle();
    expect(await contentFingerprint(db.db, restoredMedia)).toEqual(before);

    // Changed since: rows gone and added, a picture gone; the restore puts it all back as it was.
    await db.db.execute('delete from social_friendships' as never);
    await db.db.execute(`insert into portal_meta (key, value) values ('after-backup', 'x')` as never);
    const someFile = Object.keys(before)
      .find((key) => key.startsWith('media social'))!
      .slice('media '.length);
    await fs.rm(path.join(restoredMedia, someFile));
    await restoreBackup(file, { databaseUrl: target.url, media: { kind: 'dir', dir: restoredMedia } });
    expect(await contentFingerprint(db.db, restoredMedia)).toEqual(before);
    // The restored database goes on from where the backup was: new rows take new ids.
    await expect(
      db.db.execute(`insert into backoffice_audit (action, target) values ('order.ship', 'order:0')` as never),
    ).resolves.toBeDefined();
  });

  it('refuses an archive cut short, or a file that is not a backup, and changes nothing', async () => {
    const target = await emptyDatabase();
    const restoredMedia = path.join(work, 'cut-data', 'media');
    await restoreBackup(file, { databaseUrl: target.url, media: { kind: 'dir', dir: restoredMedia } });
    const db = await target.handle();
    const restored = await contentFingerprint(db.db, restoredMedia);

    const whole = await fs.readFile(file);
    const cut = path.join(work, 'cut.tar.gz');
    await fs.writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expect(restoreBackup(cut, { databaseUrl: target.url, media: { kind: 'dir', dir: restoredMedia } })).rejects.toThrow();
    const other = path.join(work, 'notes.txt');
    await fs.writeFile(other, 'not a backup');
    await expect(restoreBackup(other, { databaseUrl: target.url, media: { kind: 'dir', dir: restoredMedia } })).rejects.toThrow();
    expect(await contentFingerprint(db.db, restoredMedia)).toEqual(restored);
  });

  it('npm run portal -- backup and restore, on DATABASE_URL: asks first, refuses while others are connected unless forced', async () => {
    const target = await emptyDatabase();
    const env = { DATABASE_URL: target.url, DATA_DIR: path.join(work, 'cli-data'), BACKUP_DIR: path.join(work, 'cli-backups') };
    const held = await target.handle(); // another "instance" connected

    const noTerminal = capture();
    expect(await runPortalCli(['restore', file], env, noTerminal.io)).toBe(1);
    expect(noTerminal.lines.err.join('\n')).toMatch(/other connection\(s\) to the database/);
    const declined = capture('no');
    expect(await runPortalCli(['restore', file, '--force'], env, declined.io)).toBe(1);
    expect(declined.lines.out.join('\n')).toMatch(/replaces everything in the database of DATABASE_URL and the media in/);
    expect(declined.lines.err).toEqual(['Nothing was restored.']);
    const unasked = capture();
    expect(await runPortalCli(['restore', file, '--force'], env, unasked.io)).toBe(1);
    expect(unasked.lines.err).toEqual(['Nothing to ask on: add --yes to restore without a question.']);

    const confirmed = capture('yes');
    expect(await runPortalCli(['restore', file, '--force'], env, confirmed.io)).toBe(0);
    expect(confirmed.lines.out.at(-1)).toMatch(
      /^Restored (\d+ rows in \d+ tables|the database \(pg_restore\)) and \d+ media files\.$/,
    );
    expect(await contentFingerprint(held.db, mediaDirOf(env.DATA_DIR))).toEqual(before);

    const backedUp = capture();
    expect(await runPortalCli(['backup'], env, backedUp.io)).toBe(0);
    expect(backedUp.lines.out[0]).toMatch(/^Backup written to .*cli-backups\/portal-backup-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz \(/);
    expect(await fs.readdir(env.BACKUP_DIR)).toHaveLength(1);
    for (const wrong of [['restore'], ['restore', 'a', 'b'], ['restore', file, '--now'], ['backup', 'a', 'b']]) {
      expect(await runPortalCli(wrong, env, capture().io)).toBe(2);
    }
  });

  it('on the embedded database: DATA_DIR deleted, restored from the backup with every row and picture; a running portal is stopped only when asked', async () => {
    const dataDir = path.join(work, 'embedded-data');
    await fs.mkdir(dataDir);
    // A portal holds DATA_DIR (its lock names a live process).
    const portal = spawn('sleep', ['60'], { stdio: 'ignore' });
    await fs.writeFile(path.join(dataDir, 'portal.pid'), String(portal.pid));
    const refused = capture();
    expect(await runPortalCli(['restore', file, '--yes'], { DATA_DIR: dataDir }, refused.io)).toBe(1);
    expect(refused.lines.err[0]).toMatch(/^Another portal \(pid \d+\) is already using DATA_DIR=.*Stop it first, or add --stop/);
    expect(portal.exitCode).toBeNull();

    const restored = capture();
    expect(await runPortalCli(['restore', file, '--yes', '--stop'], { DATA_DIR: dataDir }, restored.io)).toBe(0);
    expect(portal.signalCode).toBe('SIGTERM');
    expect(restored.lines.out.at(-1)).toMatch(/Start the portal again: npm start\.$/);
    const embedded = await openDatabase({ dataDir, poolSize: 1 });
    try {
      expect(await contentFingerprint(embedded.db, mediaDirOf(dataDir))).toEqual(before);
    } finally {
      await embedded.close();
    }
  });

  it('runs on its schedule once per period across two instances, records each run for the overview, copies to S3 and lets old ones go', async () => {
    const s3 = await startS3StandIn('portal-media', 'backup-key');
    try {
      const config = {
        ...t.config,
        backups: {
          schedule: '* * * * * *',
          dir: path.join(work, 'scheduled'),
          keep: { last: 2, hourly: 0, daily: 0, weekly: 0, monthly: 0 },
        },
      };
      const instances = ['a', 'b'].map((name) => {
        const scheduler = createScheduler(t.database, log as never, { instance: name });
        const service = createBackupService({ config, database: t.database, log, ranBy: name });
        scheduler.add({ name: 'backup', cron: config.backups.schedule, run: async () => void (await service.run('schedule')) });
        return scheduler;
      });
      instances.forEach((scheduler) => scheduler.start());
      expect(instances[0]!.nextRun('backup')!.getTime()).toBeGreaterThan(Date.now() - 1);
      await vi.waitFor(
        async () => {
          const runs = await t.database.db.execute(
            `select count(*)::int as n from backup_runs where trigger = 'schedule'` as never,
          );
          expect((runs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(3);
        },
        { timeout: 60_000, interval: 200 },
      );
      await Promise.all(instances.map((scheduler) => scheduler.stop()));
      const runs = (
        (await t.database.db.execute(
          `select status, ran_by, started_at, bytes from backup_runs where trigger = 'schedule' order by started_at` as never,
        )) as unknown as { rows: { status: string; ran_by: string; started_at: Date; bytes: number }[] }
      ).rows;
      expect(runs.every((run) => run.status === 'ok')).toBe(true);
      // Each second's backup was made once, by one instance or the other.
      const seconds = runs.map((run) => Math.floor(new Date(run.started_at).getTime() / 1000));
      expect(new Set(seconds).size).toBe(seconds.length);
      // BACKUP_KEEP=2: the two newest are left.
      expect((await fs.readdir(config.backups.dir)).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(2);

      const overview = await backoffice(t, owner)('GET', '/overview/');
      expect(overview.statusCode).toBe(200);
      const { backups } = overview.json() as { backups: Record<string, unknown> & { last_success: { bytes: number } } };
      expect(backups).toMatchObject({
        schedule: null,
        next_run: null,
        last_run: { status: 'ok', trigger: 'schedule', error: '' },
        failures_last_7_days: 0,
      });
      expect(backups.last_success.bytes).toBe(Number(runs.at(-1)!.bytes));

      // Media in a bucket: each backup is copied there too, under a prefix the media route never serves.
      const onS3 = createBackupService({
        config: {
          ...config,
          media: {
            kind: 's3',
            bucket: 'portal-media',
            region: 'us-east-1',
            endpoint: s3.url,
            forcePathStyle: true,
            accessKeyId: 'backup-key',
            secretAccessKey: 'secret',
            publicUrl: undefined,
          },
        },
        database: t.database,
        log,
        ranBy: 'test',
      });
      for (let i = 0; i < 3; i += 1) {
        await onS3.run('schedule', path.join(config.backups.dir, `portal-backup-2026-01-0${i + 1}T030000Z.tar.gz`));
      }
      const copies = [...s3.objects.keys()].filter((key) => key.startsWith(S3_BACKUP_PREFIX)).sort();
      expect(copies).toEqual([
        `${S3_BACKUP_PREFIX}portal-backup-2026-01-02T030000Z.tar.gz`,
        `${S3_BACKUP_PREFIX}portal-backup-2026-01-03T030000Z.tar.gz`,
      ]);
      expect((await t.app.inject({ method: 'GET', url: `/static/media/${copies[0]}` })).statusCode).toBe(404);

      // A failure is recorded and shown (BACKUP_DIR is a file).
      const notADir = path.join(work, 'not-a-directory');
      await fs.writeFile(notADir, '');
      const failing = createBackupService({
        config: { ...config, backups: { ...config.backups, dir: notADir } },
        database: t.database,
        log,
        ranBy: 'test',
      });
      await expect(failing.run('command')).rejects.toThrow();
      // The archive's file cannot be opened (its `.partial` is a folder): the run ends, nothing is left waiting.
      const blocked = path.join(work, 'blocked.tar.gz');
      await fs.mkdir(`${blocked}.partial`);
      await expect(onS3.run('command', blocked)).rejects.toThrow();
      const after = (await backoffice(t, owner)('GET', '/overview/')).json() as { backups: Record<string, unknown> };
      expect(after.backups).toMatchObject({ last_run: { status: 'failed', trigger: 'command' }, failures_last_7_days: 2 });
    } finally {
      await s3.close();
    }
  });

  it('is refused, changing nothing, when made by a portal with migrations this one lacks', async () => {
    const manifest = {
      format: 'portal-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: {
        kind: 'logical',
        header: {
          serverVersion: 170000,
          migrations: [{ createdAt: 9_999_999_999_999, hash: 'future' }],
          tables: [],
          sequences: [],
        },
      },
      media: { kind: 'disk' },
    };
    const pack = tar.pack();
    pack.entry({ name: 'portal-backup.json' }, JSON.stringify(manifest));
    pack.entry({ name: 'backup-end.json' }, JSON.stringify({ tables: {}, mediaFiles: 0, mediaBytes: 0 }));
    pack.finalize();
    const future = path.join(work, 'future.tar.gz');
    await pipeline(pack, zlib.createGzip(), createWriteStream(future));
    const target = await emptyDatabase();
    await expect(restoreBackup(future, { databaseUrl: target.url, media: undefined })).rejects.toThrow(
      /made by a newer version of the portal \(1 migration\(s\) this version does not have\)/,
    );
    const cli = capture();
    expect(
      await runPortalCli(['restore', future, '--yes'], { DATABASE_URL: target.url, DATA_DIR: path.join(work, 'f') }, cli.io),
    ).toBe(1);
    expect(cli.lines.err.at(-1)).toMatch(/upgrade the portal first\. Nothing was restored\.$/);
    const tables = await (
      await target.handle()
    ).db.execute(`select count(*)::int as n from pg_tables where schemaname = 'public'` as never);
    expect((tables as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
