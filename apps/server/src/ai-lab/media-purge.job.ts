import type { Deps } from '../core/deps.js';
import type { ScheduledJob } from '../core/scheduler.js';
import { createAiMediaRepository } from './ai-media.repository.js';
import { createAttachmentsRepository } from './documents/attachments.repository.js';

const BATCH = 200;

/**
 * Deletes the lab's files (generated pictures and voices, uploaded pictures) and the documents
 * attached to questions (their text) once they are older than AI_MEDIA_TTL.
 */
export function mediaPurgeJob({ db, media, config }: Pick<Deps, 'db' | 'media' | 'config'>): ScheduledJob {
  const ttlMs = config.ai.mediaTtlMs;
  const repo = createAiMediaRepository(db);
  const documents = createAttachmentsRepository(db);
  return {
    name: 'ai-lab-media-purge',
    // Often enough that files outlive their time by at most a quarter of it, and at least hourly.
    intervalMs: Math.min(Math.max(Math.floor(ttlMs / 4), 60_000), 3_600_000),
    async run() {
      const before = new Date(Date.now() - ttlMs);
      await documents.removeOlderThan(before);
      for (;;) {
        const keys = await repo.olderThan(before, BATCH);
        for (const key of keys) {
          await media.delete(key);
          await repo.remove(key);
        }
        if (keys.length < BATCH) return;
      }
    },
  };
}
