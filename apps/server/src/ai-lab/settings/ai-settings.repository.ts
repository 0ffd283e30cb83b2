import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { aiLabSettings } from '../../db/schema/index.js';

export type AiSettingsRow = typeof aiLabSettings.$inferSelect;

/** Each account's AI lab settings (a row once they change anything). */
export function createAiSettingsRepository(db: Executor) {
  return {
    async find(accountId: number): Promise<AiSettingsRow | undefined> {
      const [row] = await db.select().from(aiLabSettings).where(eq(aiLabSettings.accountId, accountId));
      return row;
    },

    async save(accountId: number, change: Partial<Pick<AiSettingsRow, 'systemPrompt' | 'model'>>): Promise<AiSettingsRow> {
      const [row] = await db
        .insert(aiLabSettings)
        .values({ accountId, ...change })
        .onConflictDoUpdate({ target: aiLabSettings.accountId, set: { ...change, updatedAt: sql`now()` } })
        .returning();
      return row!;
    },
  };
}
