import { z } from 'zod';
import { ORDER_STATUSES } from './backoffice.js';

/**
 * Issue 28 point 6: CSV export of products, orders and customers, and the product import that
 * round-trips the product export (ADR 029).
 */

/**
 * The product export's columns, one row per variant, and what the import reads. `product_id` and
 * `variant_id` empty: a new product (rows with the same `name` are its variants); `product_id`
 * alone: a new variant of that product.
 */
export const PRODUCT_CSV_COLUMNS = [
  'product_id',
  'variant_id',
  'name',
  'category',
  'status',
  'is_available',
  'description',
  'price',
  'color',
  'size',
  'sku',
  'variant_price',
  'stock',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
/** Columns an imported file must have (the others may be left out). */
export const PRODUCT_CSV_REQUIRED = ['name', 'price', 'stock'] as const;

/** The multipart field of `POST /api/backoffice/products/import/`. */
export const PRODUCT_IMPORT_FIELD = 'file';
/** The largest file the import reads, and the most rows. */
export const PRODUCT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const PRODUCT_IMPORT_MAX_ROWS = 5_000;

export const productImportQuerySchema = z.object({
  dry_run: z
    .enum(['0', '1', 'true', 'false'], { error: 'Use dry_run=1 or leave it out.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** `row`: the line's number in the file as a spreadsheet shows it (the header is row 1). */
export const productImportErrorSchema = z.object({ row: z.number().int(), message: z.string() });
export type ProductImportError = z.infer<typeof productImportErrorSchema>;

/**
 * What the file does: `created` rows made a new product or variant, `updated` rows changed an
 * existing one (unchanged rows count in neither). `applied` is true only when it was written: a
 * dry run, or a file with any error, writes nothing.
 */
export const productImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(productImportErrorSchema),
  dry_run: z.boolean(),
  applied: z.boolean(),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;
/** A file with errors, not dry run: 400, the result with a `detail` saying nothing was written. */
export const productImportRefusedSchema = productImportResultSchema.extend({ detail: z.string() });

const dayOrTime = z.iso
  .date({ error: 'Enter a date such as 2026-11-27.' })
  .or(z.iso.datetime({ offset: true, error: 'Enter a date such as 2026-11-27.' }));

/** `GET /api/backoffice/orders/export/`: `from` and `to` are days (both included) or instants. */
export const orderExportQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `Choose one of: ${ORDER_STATUSES.join(', ')}.` }).optional(),
    from: dayOrTime.optional(),
    to: dayOrTime.optional(),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), {
    error: 'The start is after the end.',
    path: ['to'],
  });
export type OrderExportQuery = z.output<typeof orderExportQuerySchema>;

export const ORDER_CSV_COLUMNS = [
  'order_number',
  'invoice_number',
  'created_at',
  'status',
  'email',
  'first_name',
  'last_name',
  'phone',
  'address_line_1',
  'address_line_2',
  'postal_code',
  'city',
  'state',
  'country',
  'delivery_country_code',
  'items_count',
  'subtotal',
  'discount_code',
  'discount_total',
  'tax',
  'shipping_method',
  'shipping_total',
  'order_total',
  'refunded_total',
  'provider',
  'payment_id',
  'carrier',
  'tracking',
  'shipped_at',
  'delivered_at',
  'refunded_at',
] as const;

export const CUSTOMER_CSV_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'created_at',
  'orders_count',
  'total_spent',
  'last_order_at',
] as const;
