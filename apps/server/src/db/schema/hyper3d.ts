import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/**
 * A Hyper 3D editor scene of a logged-in account: its outline, transforms, materials, lights and
 * cameras as JSON (the contract's scene document); the bytes of its models and textures are media
 * files, listed in `hyper3d_scene_files`. A shared scene has a token anyone with the link may read it by.
 */
export const hyper3dScenes = pgTable(
  'hyper3d_scenes',
  {
    id: uuid().primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: varchar({ length: 100 }).notNull(),
    document: jsonb().notNull(),
    /** Objects in the outline (the list shows it without reading the document). */
    nodeCount: integer('node_count').notNull(),
    /** Bytes of the JSON and of every file. */
    sizeBytes: integer('size_bytes').notNull(),
    shareToken: varchar('share_token', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // The list: one account's scenes, the most recently saved first, paged by (updated_at, id).
    index('hyper3d_scenes_account_idx').on(t.accountId, t.updatedAt.desc(), t.id.desc()),
    uniqueIndex('hyper3d_scenes_share_token_idx')
      .on(t.shareToken)
      .where(sql`${t.shareToken} is not null`),
  ],
);

/** One file of a scene (a model file, a texture), stored in media under a key only the server knows. */
export const hyper3dSceneFiles = pgTable(
  'hyper3d_scene_files',
  {
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => hyper3dScenes.id, { onDelete: 'cascade' }),
    /** The id the scene document gives the file. */
    fileId: varchar('file_id', { length: 64 }).notNull(),
    name: varchar({ length: 200 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sceneId, t.fileId] })],
);
