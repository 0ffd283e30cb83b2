import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password-hash.js';
import type { MediaStorage } from '../../core/media/media-storage.js';
import type { Database } from '../../db/client.js';
import { DEMO_PASSWORD } from '../demo-accounts.js';
import { generateAiLab } from './scale-ai-lab.repository.js';
import { generateChat } from './scale-chat.repository.js';
import { recount } from './scale-counters.repository.js';
import { generatePeople } from './scale-people.repository.js';
import { storeScalePictures } from './scale-pictures.js';
import { generatePosts } from './scale-posts.repository.js';
import { generateRelations } from './scale-relations.repository.js';
import { generateShop } from './scale-shop.repository.js';
import { scaleSizes } from './scale-sizes.js';
import { rows, skipReferenceChecks, withIndexesRebuilt } from './scale-sql.js';

/** Where a generated database says so: a second run refuses (see {@link ScaleRefused}). */
const MARKER = 'seed-scale';
/** Written by the portal's first start (the seed runner's first step). */
const STARTED = 'seed:portal-apps';
// The seed runner's lock: generating never overlaps a portal seeding the same database.
const SEED_LOCK = 728_501_002;

/**
 * Refused: the database already holds generated people (a second run would only muddle the
 * figures), or the portal has not started on it yet (its own content and the demo come first).
 */
export class ScaleRefused extends Error {
  override name = 'ScaleRefused';
}

export interface SeedScaleOptions {
  scale: number;
  /** Where the few shared pictures go (DATA_DIR/media or the bucket). */
  media: MediaStorage;
  /** The shop's tax (TAX_RATE), so generated orders total as the shop's own do. */
  taxRateBp: number;
  log?: (line: string) => void;
  /**
   * Check every reference row by row as it is written (tests); by default a superuser's load skips
   * the foreign-key triggers, since every reference is made from rows just written.
   */
  checkReferences?: boolean;
}

/** What was generated, counted from the tables afterwards, and how long it took. */
export interface SeedScaleReport {
  scale: number;
  seconds: number;
  rows: Record<string, number>;
}

/** The big tables: loaded without their secondary indexes, which are built once afterwards. */
const BULK_TABLES = [
  'social_friendships',
  'social_posts',
  'social_post_attachments',
  'social_post_hashtags',
  'social_post_likes',
  'social_post_comments',
  'social_notifications',
  'social_conversations',
  'social_conversation_messages',
  'taberna_orders',
  'taberna_order_lines',
  'taberna_payments',
  'taberna_stock_ledger',
  'social_bookmarks',
  'ai_lab_conversations',
  'ai_lab_messages',
];

const COUNTED = [
  'accounts',
  'social_friendships',
  'social_posts',
  'social_post_likes',
  'social_post_comments',
  'social_notifications',
  'social_conversations',
  'social_conversation_messages',
  'taberna_products',
  'taberna_orders',
  'taberna_stock_ledger',
  'social_blocks',
  'social_mutes',
  'social_bookmarks',
  'social_post_mentions',
  'ai_lab_conversations',
  'ai_lab_messages',
] as const;

/**
 * `npm run portal -- seed-scale <n>` (issue 24): fills the database with generated people,
 * friendships, posts, likes, comments, notifications, chats, blocks, mutes, bookmarks, mentions,
 * AI lab conversations, products, orders and payments,
 * set-based in SQL (`generate_series`, `INSERT … SELECT`), in one transaction with every counter
 * recounted, so the portal reads it as if people had made it through the app. Generated people
 * log in as `scale-<n>@example.com` with the demo password. A database that already holds
 * generated data is refused.
 */
export async function seedScale(db: Database, options: SeedScaleOptions): Promise<SeedScaleReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  await refuseSecondRun(db);
  const sizes = scaleSizes(options.scale);
  const pictures = await storeScalePictures(options.media);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const step = async (name: string, work: () => Promise<void>) => {
    const at = performance.now();
    await work();
    log(`${name}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await refuseSecondRun(tx as unknown as Database);
    // Big sorts and hash joins in memory; the statement timeout of a server-wide setting does not apply here.
    await tx.execute(
      sql.raw(`set local work_mem = '256MB'; set local statement_timeout = 0; set local synchronous_commit = off`),
    );
    await tx.execute(sql`select setseed(0.24)`);
    if (!options.checkReferences) await skipReferenceChecks(tx);
    let loaded = 0;
    await withIndexesRebuilt(tx, BULK_TABLES, async () => {
      await step('people and friendships', () => generatePeople(tx, sizes, passwordHash, pictures.avatars));
      await step('posts, likes and comments', () => generatePosts(tx, sizes, pictures.posts));
      await step('chats and notifications', () => generateChat(tx, sizes));
      await step('blocks, mutes, bookmarks and mentions', () => generateRelations(tx, sizes));
      await step('AI lab conversations', () => generateAiLab(tx, sizes));
      await step('products and orders', () => generateShop(tx, sizes, pictures.products, options.taxRateBp));
      loaded = performance.now();
    });
    log(`indexes: ${((performance.now() - loaded) / 1000).toFixed(1)} s`);
    await step('counters', () => recount(tx));
    await tx.execute(
      sql`insert into portal_meta (key, value) values (${MARKER}, ${JSON.stringify({ scale: options.scale, at: new Date() })})`,
    );
  });
  // Fresh statistics, so the first plans on the big tables are the right ones; and vacuumed, as
  // autovacuum leaves a database that has lived a while: the trigram indexes of the tables filled
  // with their indexes in place (products, accounts) hold their new rows in a pending list that
  // every search reads through until a vacuum merges it (the shop's typo search: 279 ms before,
  // about 30 ms after), and index-only scans need the visibility map a vacuum writes.
  await step('statistics', async () => void (await db.execute(sql`vacuum analyze`)));
  const counted: Record<string, number> = {};
  for (const table of COUNTED) {
    const [row] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
    counted[table] = row!.n;
  }
  return { scale: options.scale, seconds: (performance.now() - started) / 1000, rows: counted };
}

async function refuseSecondRun(db: Database): Promise<void> {
  const [started] = await rows<{ key: string }>(db, sql`select key from portal_meta where key = ${STARTED}`);
  if (!started) {
    throw new ScaleRefused(
      'The portal has not started on this database yet: start it once (it adds its own content and, unless SEED_DEMO=false, the demo), stop it, then generate.',
    );
  }
  const [done] = await rows<{ value: string }>(db, sql`select value from portal_meta where key = ${MARKER}`);
  if (done) {
    const { scale, at } = JSON.parse(done.value) as { scale: number; at: string };
    throw new ScaleRefused(
      `This database already holds generated data (seed-scale ${scale}, ${at}). Generate into a fresh DATA_DIR or database.`,
    );
  }
}
