import { and, desc, eq, inArray, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { hyper3dSceneFiles, hyper3dScenes } from '../db/schema/index.js';

export type SceneRow = typeof hyper3dScenes.$inferSelect;
export type SceneFileRow = typeof hyper3dSceneFiles.$inferSelect;
export type SceneListRow = Omit<SceneRow, 'document' | 'accountId'>;

/** Where a page of the list starts: just after this scene in most-recently-saved-first order. */
export interface SceneCursor {
  updatedAt: Date;
  id: string;
}

const listColumns = {
  id: hyper3dScenes.id,
  name: hyper3dScenes.name,
  nodeCount: hyper3dScenes.nodeCount,
  sizeBytes: hyper3dScenes.sizeBytes,
  shareToken: hyper3dScenes.shareToken,
  createdAt: hyper3dScenes.createdAt,
  updatedAt: hyper3dScenes.updatedAt,
};

/** Hyper 3D scenes and their files; every query of an account's scenes names the account. */
export function createScenesRepository(db: Executor) {
  const owned = (accountId: number, id: string) => and(eq(hyper3dScenes.id, id), eq(hyper3dScenes.accountId, accountId));
  return {
    async count(accountId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(hyper3dScenes)
        .where(eq(hyper3dScenes.accountId, accountId));
      return row?.count ?? 0;
    },

    /** One page (keyset: after the cursor), `limit` rows at most; served by hyper3d_scenes_account_idx. */
    list(accountId: number, cursor: SceneCursor | null, limit: number): Promise<SceneListRow[]> {
      const after = cursor
        ? or(
            lt(hyper3dScenes.updatedAt, cursor.updatedAt),
            and(eq(hyper3dScenes.updatedAt, cursor.updatedAt), lt(hyper3dScenes.id, cursor.id)),
          )
        : undefined;
      return db
        .select(listColumns)
        .from(hyper3dScenes)
        .where(and(eq(hyper3dScenes.accountId, accountId), after))
        .orderBy(desc(hyper3dScenes.updatedAt), desc(hyper3dScenes.id))
        .limit(limit);
    },

    async find(accountId: number, id: string): Promise<SceneRow | undefined> {
      const [row] = await db.select().from(hyper3dScenes).where(owned(accountId, id));
      return row;
    },

    async findShared(token: string): Promise<SceneRow | undefined> {
      const [row] = await db
        .select()
        .from(hyper3dScenes)
        .where(and(isNotNull(hyper3dScenes.shareToken), eq(hyper3dScenes.shareToken, token)));
      return row;
    },

    files(sceneId: string): Promise<SceneFileRow[]> {
      return db.select().from(hyper3dSceneFiles).where(eq(hyper3dSceneFiles.sceneId, sceneId));
    },

    async file(sceneId: string, fileId: string): Promise<SceneFileRow | undefined> {
      const [row] = await db
        .select()
        .from(hyper3dSceneFiles)
        .where(and(eq(hyper3dSceneFiles.sceneId, sceneId), eq(hyper3dSceneFiles.fileId, fileId)));
      return row;
    },

    async insert(row: Omit<SceneRow, 'createdAt' | 'updatedAt' | 'shareToken'>): Promise<SceneRow> {
      const [inserted] = await db.insert(hyper3dScenes).values(row).returning();
      return inserted!;
    },

    /** A new version of an owned scene; undefined when it is not (or no longer) there. */
    async update(
      accountId: number,
      id: string,
      values: Pick<SceneRow, 'name' | 'document' | 'nodeCount' | 'sizeBytes'>,
    ): Promise<SceneRow | undefined> {
      const [row] = await db
        .update(hyper3dScenes)
        .set({ ...values, updatedAt: sql`now()` })
        .where(owned(accountId, id))
        .returning();
      return row;
    },

    /** Drops the files a new version no longer has and adds the new ones; answers the dropped rows. */
    async replaceFiles(sceneId: string, keep: string[], added: SceneFileRow[]): Promise<SceneFileRow[]> {
      const gone = await db
        .delete(hyper3dSceneFiles)
        .where(
          and(eq(hyper3dSceneFiles.sceneId, sceneId), keep.length > 0 ? notInArray(hyper3dSceneFiles.fileId, keep) : undefined),
        )
        .returning();
      if (added.length > 0) await db.insert(hyper3dSceneFiles).values(added);
      return gone;
    },

    /** Deletes an owned scene (its file rows with it); answers the deleted file rows, or undefined. */
    async remove(accountId: number, id: string): Promise<SceneFileRow[] | undefined> {
      const files = await db
        .select()
        .from(hyper3dSceneFiles)
        .where(
          inArray(hyper3dSceneFiles.sceneId, db.select({ id: hyper3dScenes.id }).from(hyper3dScenes).where(owned(accountId, id))),
        );
      const deleted = await db.delete(hyper3dScenes).where(owned(accountId, id)).returning({ id: hyper3dScenes.id });
      return deleted.length > 0 ? files : undefined;
    },

    async setShareToken(accountId: number, id: string, token: string | null): Promise<SceneRow | undefined> {
      const [row] = await db.update(hyper3dScenes).set({ shareToken: token }).where(owned(accountId, id)).returning();
      return row;
    },
  };
}

export type ScenesRepository = ReturnType<typeof createScenesRepository>;
