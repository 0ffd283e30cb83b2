import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { aiLabMedia } from '../db/schema/index.js';
import { uniqueViolation } from '../db/errors.js';

export type AiMediaRow = typeof aiLabMedia.$inferSelect;
export type AiMediaKind = AiMediaRow['kind'];

/** The AI lab's record of its files. */
export function createAiMediaRepository(db: Executor) {
  return {
    /** Records a new file (with the prompt of a generated one); false when the key is already taken. */
    async insert(key: string, kind: AiMediaKind, accountId: number | null, prompt: string | null = null): Promise<boolean> {
      try {
        await db.insert(aiLabMedia).values({ key, kind, accountId, prompt });
        return true;
      } catch (error) {
        if (uniqueViolation(error) !== undefined) return false;
        throw error;
      }
    },

    async find(key: string, kind: AiMediaKind): Promise<AiMediaRow | undefined> {
      const [row] = await db
        .select()
        .from(aiLabMedia)
        .where(and(eq(aiLabMedia.key, key), eq(aiLabMedia.kind, kind)));
      return row;
    },

    /** An account's generated pictures and voices, newest first. */
    generatedBy(accountId: number, limit: number): Promise<AiMediaRow[]> {
      return db
        .select()
        .from(aiLabMedia)
        .where(and(eq(aiLabMedia.accountId, accountId), inArray(aiLabMedia.kind, ['image', 'voice'])))
        .orderBy(desc(aiLabMedia.createdAt), desc(aiLabMedia.key))
        .limit(limit);
    },

    async remove(key: string): Promise<void> {
      await db.delete(aiLabMedia).where(eq(aiLabMedia.key, key));
    },

    /** The oldest files made before a moment, a batch at a time. */
    async olderThan(moment: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ key: aiLabMedia.key })
        .from(aiLabMedia)
        .where(lt(aiLabMedia.createdAt, moment))
        .orderBy(aiLabMedia.createdAt)
        .limit(limit);
      return rows.map((row) => row.key);
    },
  };
}

export type AiMediaRepository = ReturnType<typeof createAiMediaRepository>;
