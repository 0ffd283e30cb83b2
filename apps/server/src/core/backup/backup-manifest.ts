import { z } from 'zod';

/**
 * What a backup archive holds (a gzip'd tar, read and written as a stream), in this order:
 *
 * - `portal-backup.json`: this manifest (format, when, the database's migration level, tables,
 *   columns and sequences, where the media were);
 * - `database/<table>/<nnnnnn>.copy`: each table's rows as PostgreSQL COPY text, in pieces of at
 *   most CHUNK_BYTES (a tar entry needs its size first, a COPY's is known only at its end) — or
 *   `database/pg_dump/<nnnnnn>.custom`, pg_dump's custom format in pieces, when pg_dump made it;
 * - `media/<key>`: every media file, when the media are on disk;
 * - `backup-end.json`: rows per table and media files, written last: a restore checks it, so a
 *   cut-short archive is refused before its transaction commits.
 */
export const MANIFEST_ENTRY = 'portal-backup.json';
export const END_ENTRY = 'backup-end.json';
export const PG_DUMP_TABLE = 'pg_dump';
export const CHUNK_BYTES = 4 * 1024 * 1024;

export const chunkName = (table: string, index: number) =>
  `database/${table}/${String(index).padStart(6, '0')}.${table === PG_DUMP_TABLE ? 'custom' : 'copy'}`;

const dumpHeaderSchema = z.object({
  serverVersion: z.number().int(),
  migrations: z.array(z.object({ createdAt: z.number().int(), hash: z.string() })),
  tables: z.array(z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1) })),
  sequences: z.array(z.object({ name: z.string().min(1), lastValue: z.string().nullable() })),
});

export const manifestSchema = z.object({
  format: z.literal('portal-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('logical'), header: dumpHeaderSchema }),
    z.object({
      kind: z.literal('pg_dump'),
      /** pg_dump's major version: a pg_restore at least as new reads the archive. */
      toolMajor: z.number().int(),
      serverVersion: z.number().int(),
    }),
  ]),
  media: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('disk') }),
    /** The media stayed in this bucket (its versioning keeps them), not in the archive. */
    z.object({ kind: z.literal('s3'), bucket: z.string() }),
  ]),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export const endSchema = z.object({
  /** Rows per table (logical backups). */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  mediaFiles: z.number().int().nonnegative(),
  mediaBytes: z.number().int().nonnegative(),
});
export type BackupEnd = z.infer<typeof endSchema>;

/** The file name of a backup made at `date`: `portal-backup-2026-11-27T030000Z.tar.gz` (UTC). */
export function backupFileName(date: Date): string {
  const stamp = date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '');
  return `portal-backup-${stamp}.tar.gz`;
}

const FILE_PATTERN = /^portal-backup-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;

/** When a backup named by `backupFileName` was made; undefined for any other name. */
export function backupFileDate(name: string): Date | undefined {
  const match = FILE_PATTERN.exec(name);
  if (!match) return undefined;
  const date = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
