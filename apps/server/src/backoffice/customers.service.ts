import type { z } from 'zod';
import {
  CUSTOMER_ORDERS_SHOWN,
  type BoCustomer,
  type BoCustomerList,
  type BoCustomerRow,
  type boCustomerQuerySchema,
} from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { NotFound } from '../core/domain-errors.js';
import { addressLines, billingAddressOf } from '../taberna/index.js';
import { createCustomersRepository, type CustomerRow } from './customers.repository.js';
import { listRead, requestLink } from './list-page.js';
import type { BoOrdersService } from './orders.service.js';

const rowAnswer = (row: CustomerRow): BoCustomerRow => ({
  id: row.id,
  email: row.email,
  name: `${row.firstName} ${row.lastName}`.trim(),
  orders_count: row.ordersCount ?? 0,
  total_spent: row.totalSpent ?? '0.00',
  last_order_at: row.lastOrderAt ? new Date(row.lastOrderAt).toISOString() : null,
});

/** Issue 28: the shop's customers (accounts with what they bought), for staff. */
export function createCustomersService(
  { db, config, expensiveReads }: Pick<Deps, 'db' | 'config' | 'expensiveReads'>,
  orders: BoOrdersService,
) {
  const repo = createCustomersRepository(db);

  return {
    /** Keyset pages: `next` is this request's link with `cursor` set to the page's last id. */
    async list(query: z.output<typeof boCustomerQuerySchema>, url: string): Promise<BoCustomerList> {
      const rows = await listRead({ db, expensiveReads }, query, (reader) => createCustomersRepository(reader).list(query));
      const page = rows.slice(0, query.page_size);
      const last = page.at(-1);
      const next = rows.length > query.page_size && last ? requestLink(config.publicUrl, url, 'cursor', last.id) : null;
      return { results: page.map(rowAnswer), next };
    },

    async customer(id: number): Promise<BoCustomer> {
      const row = await repo.customer(id);
      if (!row) throw new NotFound('No such customer.');
      const [recent, profile] = await Promise.all([orders.ofCustomer(id, CUSTOMER_ORDERS_SHOWN), repo.profile(id)]);
      const numbers = new Map(recent.map((order) => [order.id, order.order_number]));
      const notes = await repo.notesOn([...numbers.keys()]);
      const addresses: BoCustomer['addresses'] = [];
      if (profile?.addressLine1) {
        const billing = billingAddressOf({ ...profile, firstName: row.firstName, lastName: row.lastName });
        addresses.push({ kind: 'billing', lines: addressLines(billing) });
      }
      if (profile?.shippingAddress) addresses.push({ kind: 'delivery', lines: addressLines(profile.shippingAddress) });
      return {
        ...rowAnswer(row),
        created_at: row.createdAt.toISOString(),
        orders: recent,
        addresses,
        notes: notes.map((note) => {
          const orderId = Number(note.target.slice('order:'.length));
          return {
            order_id: orderId,
            order_number: numbers.get(orderId) ?? '',
            body: (note.after as { body?: string } | null)?.body ?? '',
            actor: note.actorEmail,
            created_at: note.createdAt.toISOString(),
          };
        }),
      };
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
