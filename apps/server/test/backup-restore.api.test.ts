import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackupService } from '../src/core/backup/backup.service.js';
import { restoreBackup } from '../src/core/backup/restore-backup.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { contentFingerprint } from './support/database-fingerprint.js';
import { picture, post, socialUser } from './support/social.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
let t: TestApp;
let work: string;
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

beforeAll(async () => {
  // The demo data: people, posts with pictures, chats, the shop's products with pictures, orders.
  console.time('seed');
  t = await createTestApp({ SEED_DEMO: 'true', BACKUP_SCHEDULE: 'off' });
  console.timeEnd('seed');
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-test-'));
  const rosa = await socialUser(t);
  await post(t, rosa, 'Backed up with a picture', { images: [await picture('png', 64, 48, '#336699')] });
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
  it('brings every row and picture back into an empty database and an empty DATA_DIR, and again over changed data', async () => {
    const mediaDir = path.join(t.dataDir, 'media');
    const before = await contentFingerprint(t.database.db, mediaDir);
    expect(Object.keys(before).filter((key) => key.startsWith('media ')).length).toBeGreaterThan(20);
    const service = createBackupService({ config: t.config, database: t.database, log, ranBy: 'test' });
    const file = path.join(work, 'first.tar.gz');
    console.log('fingerprinted');
    const made = await service.run('command', file);
    console.log('backed up', made.bytes);
    await fs.copyFile(file, '/tmp/i26dbg/demo.tar.gz');
    console.log('copied');
    expect(made.bytes).toBe((await fs.stat(file)).size);

    // A new machine: an empty database and an empty DATA_DIR.
    const target = await emptyDatabase();
    console.log('empty db');
    setTimeout(async () => {
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      const r = await admin.query("select datname, state, wait_event_type, wait_event, left(query, 120) as q from pg_stat_activity where datname is not null");
      console.log(JSON.stringify(r.rows, null, 1));
      await admin.end();
    }, 20000);
    const restoredMedia = path.join(work, 'new-data', 'media');
    await restoreBackup(file, { databaseUrl: target.url, media: { kind: 'dir', dir: restoredMedia } });
    console.log('restored');
    expect(await contentFingerprint((await target.handle()).db, restoredMedia)).toEqual(before);

    // Changed since: a row gone, a row added, a picture gone; the restore puts it all back as it was.
    const db = await target.handle();
    await db.db.execute('delete from social_comments where id in (select id from social_comments limit 1)' as never);
    await db.db.execute(`insert into portal_meta (key, value) values ('after-backup', 'x')` as never);
    const someFile = Object.keys(before).find((key) => key.startsWith('media '))!.slice('media '.length);
    await fs.rm(path.join(restoredMedia, someFile));
    await restoreBackup(file, { databaseUrl: target.url, media: { kind: 'dir', dir: restoredMedia } });
    expect(await contentFingerprint(db.db, restoredMedia)).toEqual(before);
  });
});
