import type { z } from 'zod';
import type { BoAuditRow, ListPage, boAuditQuerySchema } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { createAuditRepository } from './audit.repository.js';
import { listPage, listRead } from './list-page.js';

/** The audit log as staff read it: searchable, newest first by default. */
export function createAuditService({ db, config, expensiveReads }: Pick<Deps, 'db' | 'config' | 'expensiveReads'>) {
  const audit = createAuditRepository(db);
  return {
    async list(query: z.output<typeof boAuditQuerySchema>, url: string): Promise<ListPage<BoAuditRow>> {
      const listed = await listRead({ db, expensiveReads }, query, (reader) => createAuditRepository(reader).list(query));
      return listPage(config.publicUrl, url, query, listed, listed.rows);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
