import type { Order, Product } from '@portal/contracts';
import type { MediaStorage } from '../core/media/media-storage.js';
import type { Database } from '../db/client.js';
import { createCatalogueRepository } from './catalogue.repository.js';
import { centsToNumber, centsToPlain, toCents } from './money.js';
import { createOrdersRepository, type OrderRow } from './orders.repository.js';
import { createProductSerializer } from './product.serializer.js';
import { isoUtc, orderDate } from './shop-dates.js';

/** Contract §2 "Order", with its lines and payment, for a list of orders (four queries whatever its length). */
export async function serializeOrders(db: Database, media: MediaStorage, rows: OrderRow[]): Promise<Order[]> {
  const orders = createOrdersRepository(db);
  const catalogue = createCatalogueRepository(db);
  const ids = rows.map((row) => row.id);
  const [lines, payments] = await Promise.all([orders.linesOf(ids), orders.paymentsOf(ids)]);
  const productRows = await catalogue.productsByIds([...new Set(lines.map((line) => line.productId))]);
  const products = new Map<number, Product>(
    (await createProductSerializer(catalogue, media).many(productRows)).map((product) => [product.id, product]),
  );
  return rows.map((row) => {
    const payment = payments.find((p) => p.orderId === row.id);
    return {
      id: row.id,
      order_number: row.orderNumber,
      first_name: row.firstName,
      last_name: row.lastName,
      phone: row.phone,
      email: row.email,
      address_line_1: row.addressLine1,
      address_line_2: row.addressLine2,
      country: row.country,
      state: row.state,
      city: row.city,
      order_note: row.orderNote,
      order_total: centsToNumber(toCents(row.orderTotal)),
      tax: centsToNumber(toCents(row.tax)),
      status: row.status,
      ip: row.ip,
      is_ordered: row.isOrdered,
      created_at: orderDate(row.createdAt),
      payment: payment
        ? {
            payment_id: payment.paymentId,
            payment_method: payment.paymentMethod,
            amount_paid: centsToPlain(toCents(payment.amountPaid)),
            status: payment.status,
            created_at: orderDate(payment.createdAt),
          }
        : null,
      updated_at: isoUtc(row.updatedAt),
      order_products: lines
        .filter((line) => line.orderId === row.id)
        .map((line) => ({
          id: line.id,
          product: products.get(line.productId)!,
          variations: line.variations,
          quantity: line.quantity,
          product_price: centsToNumber(toCents(line.productPrice)),
          ordered: line.ordered,
        })),
    };
  });
}
