import { asc, eq, inArray } from 'drizzle-orm';
import type { AccountDataPart } from '../core/account-data/account-data.js';
import type { Executor } from '../db/client.js';
import { hyper3dSceneFiles as files, hyper3dScenes as scenes } from '../db/schema/index.js';

const archived = (sceneId: string, fileId: string, name: string) => `scenes/${sceneId}/${fileId}-${name}`;

/** An account's scenes with their files (the export reads them; the deletion removes them and their media). */
async function scenesOf(db: Executor, accountId: number) {
  const rows = await db.select().from(scenes).where(eq(scenes.accountId, accountId)).orderBy(asc(scenes.createdAt));
  const list = rows.length
    ? await db
        .select()
        .from(files)
        .where(
          inArray(
            files.sceneId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return { rows, files: list };
}

/**
 * Hyper 3D's share of a member's data (issue 26 for issue 30's scenes): every scene saved to the
 * account, as its document with the model and texture files it uses; deleting the account deletes
 * the scenes (and their share links) and the files.
 */
export function hyper3dDataPart(): AccountDataPart {
  return {
    area: 'hyper3d',
    tables: ['hyper3d_scenes', 'hyper3d_scene_files'],

    async count({ accountId }, db) {
      const found = await scenesOf(db, accountId);
      return found.rows.length + found.files.length;
    },

    async entries({ accountId }, db) {
      const found = await scenesOf(db, accountId);
      return [
        {
          path: 'scenes.json',
          json: async () =>
            found.rows.map((scene) => ({
              id: scene.id,
              name: scene.name,
              shared: scene.shareToken !== null,
              created_at: scene.createdAt.toISOString(),
              updated_at: scene.updatedAt.toISOString(),
              document: scene.document,
              files: found.files
                .filter((file) => file.sceneId === scene.id)
                .map((file) => ({ id: file.fileId, name: file.name, file: archived(scene.id, file.fileId, file.name) })),
            })),
        },
        ...found.files.map((file) => ({ path: archived(file.sceneId, file.fileId, file.name), media: file.storageKey })),
      ];
    },

    async erase({ accountId }, tx) {
      const found = await scenesOf(tx, accountId);
      // The files' rows go with their scenes (cascade); their media once the deletion has committed.
      await tx.delete(scenes).where(eq(scenes.accountId, accountId));
      return { mediaKeys: found.files.map((file) => file.storageKey) };
    },
  };
}
