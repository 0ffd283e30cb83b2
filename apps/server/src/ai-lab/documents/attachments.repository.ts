import { eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { aiLabAttachments } from '../../db/schema/index.js';

export type AttachmentRow = typeof aiLabAttachments.$inferSelect;
export type NewAttachment = Omit<AttachmentRow, 'id' | 'createdAt'>;

/** Documents uploaded for Funny Chat, with their extracted text. */
export function createAttachmentsRepository(db: Executor) {
  return {
    async insert(attachment: NewAttachment): Promise<AttachmentRow> {
      const [row] = await db.insert(aiLabAttachments).values(attachment).returning();
      return row!;
    },

    find(ids: string[]): Promise<AttachmentRow[]> {
      return ids.length === 0 ? Promise.resolve([]) : db.select().from(aiLabAttachments).where(inArray(aiLabAttachments.id, ids));
    },

    async remove(id: string): Promise<void> {
      await db.delete(aiLabAttachments).where(eq(aiLabAttachments.id, id));
    },

    /** Deletes the documents uploaded before a moment; answers how many. */
    async removeOlderThan(moment: Date): Promise<number> {
      const rows = await db
        .delete(aiLabAttachments)
        .where(lt(aiLabAttachments.createdAt, moment))
        .returning({ id: aiLabAttachments.id });
      return rows.length;
    },
  };
}
