import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { portalMeta } from '../db/schema/index.js';

/**
 * The signing secret of this installation. `JWT_SECRET` wins; otherwise one is made on first start
 * and kept in the database, so every instance on the same database shares it and restarts keep
 * sessions alive.
 */
export async function installationSecret(db: Executor, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(portalMeta)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(portalMeta).where(eq(portalMeta.key, 'jwt_secret'));
  return row!.value;
}
