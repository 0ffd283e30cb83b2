import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Options } from '../media/s3-media-storage.js';

/**
 * Where backups go in the media bucket. A key starting with a dot is never a media key
 * (media-storage.ts's pattern), so the portal's media route can never serve a backup; a bucket
 * made public for its media must leave this prefix out of its public policy.
 */
export const S3_BACKUP_PREFIX = '.portal-backups/';

export interface BackupCopies {
  /** Uploads a backup file under the prefix, streamed; answers its key. */
  upload(file: string): Promise<string>;
  /** The backups' file names in the bucket. */
  list(): Promise<string[]>;
  delete(name: string): Promise<void>;
}

/** Backup copies in the S3 bucket of the media, with the official SDK (loaded only when used). */
export async function createS3BackupCopies(options: S3Options): Promise<BackupCopies> {
  // The SDK loads only when backups are copied (issue 12: it took a third of a second of every start).
  const [{ PutObjectCommand, ListObjectsV2Command, DeleteObjectCommand }, { createS3Client }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('../media/s3-media-storage.js'),
  ]);
  const client = createS3Client(options);
  const Bucket = options.bucket;
  return {
    async upload(file) {
      const Key = `${S3_BACKUP_PREFIX}${path.basename(file)}`;
      const { size } = await fs.stat(file);
      // One streamed PUT (S3 takes up to 5 GB in one); the length is known, so nothing is buffered.
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: createReadStream(file), ContentLength: size, ContentType: 'application/gzip' }),
      );
      return Key;
    },
    async list() {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: S3_BACKUP_PREFIX, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key.slice(S3_BACKUP_PREFIX.length));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names;
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: `${S3_BACKUP_PREFIX}${name}` }));
    },
  };
}
