import type { Readable } from 'node:stream';
import { CUSTOMER_CSV_COLUMNS, ORDER_CSV_COLUMNS, PRODUCT_CSV_COLUMNS, type OrderExportQuery } from '@portal/contracts';
import { csvStream, type CsvCell } from '../core/csv.js';
import type { Deps } from '../core/deps.js';
import { createBoCatalogueRepository } from './catalogue.repository.js';
import { createCustomersRepository } from './customers.repository.js';
import { createBoOrdersRepository, type OrderExportFilter } from './orders.repository.js';

/** Rows read per page: one page is all an export holds in memory. */
export const EXPORT_PAGE = 500;

type Row<C extends string> = Record<C, CsvCell>;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** `to` as the end of the range: a day includes all of it, an instant itself. */
export function exportFilter(query: OrderExportQuery): OrderExportFilter {
  const day = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
  const before = query.to ? new Date(query.to) : undefined;
  if (before && query.to) before.setTime(before.getTime() + (day(query.to) ? 86_400_000 : 1));
  return { status: query.status, from: query.from ? new Date(query.from) : undefined, before };
}

/**
 * Issue 28: products, orders and customers as CSV, streamed: each page is read by keyset (an
 * expensive read: limited and timed out) only when the client has taken the rows before it.
 */
export function createCsvExportService({ expensiveReads }: Pick<Deps, 'expensiveReads'>) {
  async function* pages<K, R>(read: (after: K | null) => Promise<R[]>, keyOf: (row: R) => K): AsyncGenerator<R> {
    let after: K | null = null;
    for (;;) {
      const rows = await read(after);
      yield* rows;
      if (rows.length < EXPORT_PAGE) return;
      after = keyOf(rows[rows.length - 1]!);
    }
  }

  return {
    products(): Readable {
      const rows = pages(
        (after: { productId: number; variantId: number } | null) =>
          expensiveReads.run((db) => createBoCatalogueRepository(db).exportPage(after, EXPORT_PAGE)),
        (row) => ({ productId: row.productId, variantId: row.variantId }),
      );
      async function* lines(): AsyncGenerator<Row<(typeof PRODUCT_CSV_COLUMNS)[number]>> {
        for await (const row of rows)
          yield {
            product_id: row.productId,
            variant_id: row.variantId,
            name: row.name,
            category: row.category,
            status: row.status,
            is_available: row.isAvailable,
            description: row.description,
            price: row.price,
            color: row.color,
            size: row.size,
            sku: row.sku,
            variant_price: row.variantPrice,
            stock: row.stock,
          };
      }
      return csvStream(PRODUCT_CSV_COLUMNS, lines());
    },

    /** One row per order, with its discount code and what was refunded of it (issue 28.3, 28.4). */
    orders(query: OrderExportQuery): Readable {
      const filter = exportFilter(query);
      const rows = pages(
        (after: { createdAt: string; id: number } | null) =>
          expensiveReads.run((db) => createBoOrdersRepository(db).exportPage(filter, after, EXPORT_PAGE)),
        (row) => ({ createdAt: row.createdAtKey, id: row.order.id }),
      );
      async function* lines(): AsyncGenerator<Row<(typeof ORDER_CSV_COLUMNS)[number]>> {
        for await (const { order, itemsCount, paymentId } of rows)
          yield {
            order_number: order.orderNumber,
            invoice_number: order.invoiceNumber,
            created_at: iso(order.createdAt),
            status: order.orderStatus,
            email: order.email,
            first_name: order.firstName,
            last_name: order.lastName,
            phone: order.phone,
            address_line_1: order.addressLine1,
            address_line_2: order.addressLine2,
            postal_code: order.postalCode,
            city: order.city,
            state: order.state,
            country: order.country,
            delivery_country_code: order.deliveryCountryCode,
            items_count: itemsCount,
            subtotal: order.subtotal,
            discount_code: order.discountCode,
            discount_total: order.discountTotal,
            tax: order.tax,
            shipping_method: order.shippingMethod,
            shipping_total: order.shippingTotal,
            order_total: order.orderTotal,
            refunded_total: order.refundedTotal,
            provider: order.provider,
            payment_id: paymentId,
            carrier: order.carrier,
            tracking: order.tracking,
            shipped_at: iso(order.shippedAt),
            delivered_at: iso(order.deliveredAt),
            refunded_at: iso(order.refundedAt),
          };
      }
      return csvStream(ORDER_CSV_COLUMNS, lines());
    },

    customers(): Readable {
      // The customers list's own keyset read (newest account first), one row more than a page to know there is another.
      const rows = pages(
        async (after: number | null) =>
          (
            await expensiveReads.run((db) =>
              createCustomersRepository(db).list({ page_size: EXPORT_PAGE, cursor: after ?? undefined }),
            )
          ).slice(0, EXPORT_PAGE),
        (row) => row.id,
      );
      async function* lines(): AsyncGenerator<Row<(typeof CUSTOMER_CSV_COLUMNS)[number]>> {
        for await (const row of rows)
          yield {
            id: row.id,
            email: row.email,
            first_name: row.firstName,
            last_name: row.lastName,
            created_at: iso(row.createdAt),
            orders_count: row.ordersCount ?? 0,
            total_spent: row.totalSpent ?? '0.00',
            last_order_at: row.lastOrderAt,
          };
      }
      return csvStream(CUSTOMER_CSV_COLUMNS, lines());
    },
  };
}

export type CsvExportService = ReturnType<typeof createCsvExportService>;
