import type { z } from 'zod';
import type { BoAuditRow, ListPage, boAuditQuerySchema } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { createAuditRepository } from './audit.repository.js';
import { listPage } from './list-page.js';

/** The audit log as staff read it: searchable, newest first by default. */
export function createAuditService({ db, config }: Pick<Deps, 'db' | 'config'>) {
  const audit = createAuditRepository(db);
  return {
    async list(query: z.output<typeof boAuditQuerySchema>, url: string): Promise<ListPage<BoAuditRow>> {
      const { count, rows } = await audit.list(query);
      return listPage(config.publicUrl, url, query, count, rows);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
