import { randomBytes, randomUUID } from 'node:crypto';
import {
  HYPER3D_LIMITS,
  hyper3dDocumentSchema,
  hyper3dSceneNameSchema,
  type Hyper3dDocument,
  type Hyper3dScene,
  type Hyper3dSceneList,
  type Hyper3dSceneSummary,
  type Hyper3dSharedScene,
} from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Conflict, Invalid, NotFound, TooLarge } from '../core/domain-errors.js';
import { UUID_PATTERN } from '../core/ids.js';
import type { MediaObject } from '../core/media/media-storage.js';
import { publicOrigin } from '../core/request-origin.js';
import { decodeSceneCursor, encodeSceneCursor } from './scene-cursor.js';
import { tooLargeMessage, type SceneUpload } from './scene-upload.js';
import { createScenesRepository, type SceneFileRow, type SceneListRow, type SceneRow } from './scenes.repository.js';
import { createSlots } from './upload-slots.js';

/** Saves whose files are held in memory at once, per instance. */
const UPLOAD_SLOTS = 4;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

const summary = (row: SceneListRow): Hyper3dSceneSummary => ({
  id: row.id,
  name: row.name,
  size: row.sizeBytes,
  nodes: row.nodeCount,
  shared: row.shareToken !== null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A scene file's bytes, to send. */
export interface SceneFileStream extends MediaObject {
  name: string;
}

/** Reads a save's name and JSON: field errors under `name` or `scene` when they are not a scene. */
export function parseSceneUpload(upload: Pick<SceneUpload, 'name' | 'sceneText'>): { name: string; document: Hyper3dDocument } {
  const name = hyper3dSceneNameSchema.safeParse(upload.name);
  if (!name.success) throw Invalid.fields({ name: [name.error.issues[0]!.message] });
  let json: unknown;
  try {
    json = JSON.parse(upload.sceneText);
  } catch {
    throw Invalid.fields({ scene: ['The scene is not valid JSON.'] });
  }
  const document = hyper3dDocumentSchema.safeParse(json);
  if (!document.success) {
    const issue = document.error.issues[0]!;
    const where = issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
    throw Invalid.fields({ scene: [`${issue.message}${where}`] });
  }
  return { name: name.data, document: document.data };
}

/**
 * Scenes of logged-in people: saved with their files (models, textures) up to HYPER3D_SCENE_LIMIT,
 * each person's own (anyone else is told there is no such scene), and shared read-only by an
 * unguessable link until the owner stops sharing.
 */
export function createScenesService(deps: Pick<Deps, 'db' | 'media' | 'config' | 'log'>) {
  const { db, media, config, log } = deps;
  const repo = createScenesRepository(db);
  const limit = config.hyper3dSceneLimit;
  const slots = createSlots(UPLOAD_SLOTS);

  const shareUrl = (token: string) => `${publicOrigin(config.publicUrl)}/hyper3d/shared/${token}`;
  const detail = (row: SceneRow): Hyper3dScene => ({
    ...summary(row),
    scene: row.document as Hyper3dDocument,
    share_url: row.shareToken ? shareUrl(row.shareToken) : null,
  });

  async function owned(accountId: number, id: string): Promise<SceneRow> {
    const row = UUID_PATTERN.test(id) ? await repo.find(accountId, id.toLowerCase()) : undefined;
    if (!row) throw new NotFound('Scene not found.');
    return row;
  }

  async function sharedRow(token: string): Promise<SceneRow> {
    const row = TOKEN.test(token) ? await repo.findShared(token) : undefined;
    if (!row) throw new NotFound('This link does not open a shared scene: it was never one, or its owner stopped sharing it.');
    return row;
  }

  async function open(row: SceneRow, fileId: string): Promise<SceneFileStream> {
    const file = fileId.length <= 64 ? await repo.file(row.id, fileId) : undefined;
    const object = file ? await media.open(file.storageKey) : undefined;
    if (!file || !object) throw new NotFound('File not found.');
    return { ...object, name: file.name };
  }

  const forget = async (keys: string[]) => {
    for (const key of keys) {
      await media.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'a scene file could not be deleted'));
    }
  };

  /** Stores the files sent with a save under keys of their own; answers their rows (not yet in the database). */
  async function storeFiles(sceneId: string, document: Hyper3dDocument, upload: SceneUpload): Promise<SceneFileRow[]> {
    const rows: SceneFileRow[] = [];
    try {
      for (const file of document.files) {
        const data = upload.files.get(file.id);
        if (!data) continue;
        const storageKey = `hyper3d/scenes/${sceneId}/${randomBytes(16).toString('hex')}.bin`;
        await media.put(storageKey, data, 'application/octet-stream');
        rows.push({ sceneId, fileId: file.id, name: file.name, sizeBytes: data.length, storageKey });
      }
    } catch (error) {
      await forget(rows.map((row) => row.storageKey));
      throw error;
    }
    return rows;
  }

  /** The files sent are the scene's own, of the sizes it says; the bytes of all of them fit the limit. */
  function checkSent(document: Hyper3dDocument, upload: SceneUpload): number {
    const named = new Map(document.files.map((file) => [file.id, file]));
    for (const [id, data] of upload.files) {
      const file = named.get(id);
      if (!file) throw new Invalid(`A file was sent that the scene does not list (${id.slice(0, 64)}).`);
      if (data.length !== file.size)
        throw new Invalid(`"${file.name}" has ${data.length} bytes, not the ${file.size} the scene says.`);
    }
    const bytes = Buffer.byteLength(upload.sceneText) + document.files.reduce((sum, file) => sum + file.size, 0);
    if (bytes > limit) throw new TooLarge(tooLargeMessage(limit));
    return bytes;
  }

  /** Files a save did not send must be the scene's already, as they were. */
  function checkKept(document: Hyper3dDocument, upload: SceneUpload, stored: SceneFileRow[]): void {
    const byId = new Map(stored.map((row) => [row.fileId, row]));
    for (const file of document.files) {
      if (upload.files.has(file.id)) continue;
      if (byId.get(file.id)?.sizeBytes !== file.size) throw new Invalid(`The file "${file.name}" was not sent with the scene.`);
    }
  }

  /** A save: a new scene (`id` null) or a new version of an owned one, with the files it keeps and those sent. */
  async function save(accountId: number, id: string | null, read: () => Promise<SceneUpload>): Promise<Hyper3dScene> {
    // Ownership and room are checked before a byte of the upload is read.
    const existing = id === null ? null : await owned(accountId, id);
    if (!existing && (await repo.count(accountId)) >= HYPER3D_LIMITS.scenesPerAccount) {
      throw new Conflict(`You keep ${HYPER3D_LIMITS.scenesPerAccount} scenes already: delete one to save another.`);
    }
    return slots.run(async () => {
      const upload = await read();
      const { name, document } = parseSceneUpload(upload);
      const bytes = checkSent(document, upload);
      if (!existing) checkKept(document, upload, []);
      const sceneId = existing?.id ?? randomUUID();
      const added = await storeFiles(sceneId, document, upload);
      let result: { row: SceneRow; gone: SceneFileRow[] };
      try {
        result = await db.transaction(async (tx) => {
          const inTx = createScenesRepository(tx);
          const values = { name, document, nodeCount: document.nodes.length, sizeBytes: bytes };
          if (!existing) {
            const row = await inTx.insert({ id: sceneId, accountId, ...values });
            await inTx.replaceFiles(sceneId, [], added);
            return { row, gone: [] };
          }
          // The row is locked by the update, so that two saves of one scene never mix their files.
          const row = await inTx.update(accountId, sceneId, values);
          if (!row) throw new NotFound('Scene not found.');
          checkKept(document, upload, await inTx.files(sceneId));
          const keep = document.files.map((file) => file.id).filter((fileId) => !upload.files.has(fileId));
          return { row, gone: await inTx.replaceFiles(sceneId, keep, added) };
        });
      } catch (error) {
        await forget(added.map((row) => row.storageKey));
        throw error;
      }
      await forget(result.gone.map((row) => row.storageKey));
      return detail(result.row);
    });
  }

  return {
    async list(accountId: number, query: { cursor?: string | undefined; limit: number }): Promise<Hyper3dSceneList> {
      const cursor = query.cursor ? decodeSceneCursor(query.cursor) : null;
      if (query.cursor && !cursor) throw new NotFound('Invalid page.');
      const rows = await repo.list(accountId, cursor, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        results: page.map(summary),
        next_cursor: rows.length > query.limit && last ? encodeSceneCursor({ updatedAt: last.updatedAt, id: last.id }) : null,
      };
    },

    async get(accountId: number, id: string): Promise<Hyper3dScene> {
      return detail(await owned(accountId, id));
    },

    create: (accountId: number, read: () => Promise<SceneUpload>) => save(accountId, null, read),
    replace: (accountId: number, id: string, read: () => Promise<SceneUpload>) => save(accountId, id, read),

    async remove(accountId: number, id: string): Promise<void> {
      await owned(accountId, id);
      const files = await db.transaction((tx) => createScenesRepository(tx).remove(accountId, id.toLowerCase()));
      if (!files) throw new NotFound('Scene not found.');
      await forget(files.map((file) => file.storageKey));
    },

    file: async (accountId: number, id: string, fileId: string) => open(await owned(accountId, id), fileId),

    /** The link of a shared scene; sharing a shared scene answers the link it has. */
    async share(accountId: number, id: string): Promise<{ url: string }> {
      const row = await owned(accountId, id);
      if (row.shareToken) return { url: shareUrl(row.shareToken) };
      const token = randomBytes(24).toString('base64url');
      const shared = await repo.setShareToken(accountId, row.id, token);
      if (!shared) throw new NotFound('Scene not found.');
      return { url: shareUrl(token) };
    },

    /** Stops sharing: the link answers 404 from now on, and sharing again makes a new one. */
    async unshare(accountId: number, id: string): Promise<void> {
      const row = await owned(accountId, id);
      await repo.setShareToken(accountId, row.id, null);
    },

    async shared(token: string): Promise<Hyper3dSharedScene> {
      const row = await sharedRow(token);
      return { name: row.name, scene: row.document as Hyper3dDocument, updated_at: row.updatedAt.toISOString() };
    },

    sharedFile: async (token: string, fileId: string) => open(await sharedRow(token), fileId),
  };
}

export type ScenesService = ReturnType<typeof createScenesService>;
