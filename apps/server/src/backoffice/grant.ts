import type { StaffRole } from '@portal/contracts';
import type { Database } from '../db/client.js';
import { createAuditRepository } from './audit.repository.js';
import { createPeopleRepository } from './people.repository.js';

export type GrantOutcome =
  { ok: true; email: string; before: StaffRole | null; after: StaffRole | null } | { ok: false; reason: 'unknown-email' };

/**
 * Sets an account's role from the command line (`npm run portal -- grant`), audited as done by
 * "command line". This is how the first owner is made, so it does not ask for an owner, and it
 * may take the last owner's role (the command line can always give it back).
 */
export async function grantRole(db: Database, email: string, role: StaffRole | null): Promise<GrantOutcome> {
  return db.transaction(async (tx) => {
    const people = createPeopleRepository(tx);
    const account = await people.accountByEmail(email.trim());
    if (!account) return { ok: false, reason: 'unknown-email' } as const;
    const locked = (await people.account(account.id, true))!;
    await people.setRole(account.id, role);
    await createAuditRepository(tx).writeUnattended({
      actor: 'command line',
      action: 'account.role',
      target: `account:${account.id}`,
      targetLabel: account.email,
      before: { role: locked.role ?? null },
      after: { role },
    });
    return { ok: true, email: account.email, before: locked.role ?? null, after: role } as const;
  });
}
