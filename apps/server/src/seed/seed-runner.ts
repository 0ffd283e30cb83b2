import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.js';
import { portalMeta } from '../db/schema/index.js';

export interface SeedStep {
  /** Stable name: a step runs once per database, recorded as `seed:<name>`. */
  name: string;
  /** Demo data is skipped when `SEED_DEMO=false`; the portal's own content is always seeded. */
  demo: boolean;
  run(db: Database): Promise<void>;
}

// Same constant on every instance, so two instances starting together seed once.
const SEED_LOCK = 728_501_002;

/** Runs each step that has not run on this database yet, each in its own transaction. */
export async function runSeed(
  handle: DatabaseHandle,
  steps: SeedStep[],
  includeDemo: boolean,
  log: FastifyBaseLogger,
  /** Told of each step that runs now (the first start's progress lines). */
  starting: (step: string) => void = () => {},
) {
  for (const step of steps) {
    if (step.demo && !includeDemo) continue;
    const key = `seed:${step.name}`;
    const ran = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      const [done] = await tx.select().from(portalMeta).where(eq(portalMeta.key, key));
      if (done) return false;
      starting(step.name);
      await step.run(tx as unknown as Database);
      await tx.insert(portalMeta).values({ key, value: new Date().toISOString() });
      return true;
    });
    if (ran) log.info({ step: step.name }, 'seeded');
  }
}
