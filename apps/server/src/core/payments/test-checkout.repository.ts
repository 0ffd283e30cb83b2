import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tabernaTestCheckoutSessions as sessions } from '../../db/schema/index.js';

export type TestSessionRow = typeof sessions.$inferSelect;
export type NewTestSession = typeof sessions.$inferInsert;

/** The only SQL of the built-in test checkout. */
export function createTestCheckoutRepository(db: Executor) {
  return {
    async insert(row: NewTestSession): Promise<void> {
      await db.insert(sessions).values(row);
    },

    async find(id: string): Promise<TestSessionRow | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row;
    },

    /** Moves an open, unexpired session to its outcome; undefined when it was not open any more. */
    async settle(id: string, status: 'paid' | 'declined', paymentId: string | null): Promise<TestSessionRow | undefined> {
      const [row] = await db
        .update(sessions)
        .set({ status, paymentId, updatedAt: new Date() })
        .where(and(eq(sessions.id, id), eq(sessions.status, 'open'), gt(sessions.expiresAt, sql`now()`)))
        .returning();
      return row;
    },

    async expire(id: string): Promise<void> {
      await db
        .update(sessions)
        .set({ status: 'expired', updatedAt: new Date() })
        .where(and(eq(sessions.id, id), eq(sessions.status, 'open')));
    },
  };
}
