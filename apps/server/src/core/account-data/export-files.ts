import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How long the emailed link of a very large export works; the file goes with it. */
export const EXPORT_LINK_TTL_MS = 48 * 60 * 60 * 1000;

/** `<account>-<expires, s>-<128 random bits>.zip`: whose, until when, and unguessable. */
const FILE = /^(\d+)-(\d+)-([0-9a-f]{32})\.zip$/;

/**
 * Very large exports, built in the background into `DATA_DIR/exports` and fetched through a signed
 * link: the link names the file's random id and its expiry, signed with the installation's secret,
 * so it cannot be guessed, altered or used after it runs out. The files never pass through the
 * media store (whose files are public by URL).
 */
export function createExportFiles(dataDir: string, secret: string) {
  const dir = path.join(dataDir, 'exports');
  const sign = (name: string) => createHmac('sha256', secret).update(`account-export:${name}`).digest('base64url');

  const nameOf = (token: string): string | undefined => {
    const [name, signature] = token.split('.', 2);
    if (!name || !signature || !FILE.test(`${name}.zip`)) return undefined;
    const expected = Buffer.from(sign(name));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return name;
  };
  const expiresAt = (file: string) => Number(FILE.exec(file)?.[2] ?? 0) * 1000;

  return {
    /** Writes the archive to its file; answers the link's token and when it expires. */
    async write(accountId: number, archive: Readable, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const expires = Math.floor((now + EXPORT_LINK_TTL_MS) / 1000);
      const name = `${accountId}-${expires}-${randomBytes(16).toString('hex')}`;
      const target = path.join(dir, `${name}.zip`);
      const partial = `${target}.part`;
      try {
        await pipeline(archive, (await fs.open(partial, 'w', 0o600)).createWriteStream());
        await fs.rename(partial, target);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      return { token: `${name}.${sign(name)}`, expiresAt: new Date(expires * 1000) };
    },

    /** The file a link names, while the link is good; undefined otherwise. */
    async open(token: string, now = Date.now()): Promise<{ body: Readable; size: number } | undefined> {
      const name = nameOf(token);
      if (!name || expiresAt(`${name}.zip`) <= now) return undefined;
      const file = path.join(dir, `${name}.zip`);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return { body: createReadStream(file), size: stat.size };
    },

    /** Removes the expired files, and every file of `accountId` when given (its account is deleted). */
    async purge(accountId?: number, now = Date.now()): Promise<void> {
      const files = await fs.readdir(dir).catch(() => [] as string[]);
      for (const file of files) {
        const owner = FILE.exec(file)?.[1] ?? FILE.exec(file.replace(/\.part$/, ''))?.[1];
        const stale = owner !== undefined && expiresAt(file.replace(/\.part$/, '')) <= now;
        if (stale || (accountId !== undefined && owner === String(accountId))) await fs.rm(path.join(dir, file), { force: true });
      }
    },
  };
}

export type ExportFiles = ReturnType<typeof createExportFiles>;
