import type { AccountDataPart } from '../core/account-data/account-data.js';
import { keysetRows } from '../core/account-data/keyset-rows.js';
import { createShopDataRepository } from './account-data.repository.js';
import { createOrdersRepository } from './orders.repository.js';
import { releaseLines } from './stock-moves.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The shop's share of a member's data (issue 26): the saved billing address, reviews, the cart and
 * every order with its lines. Erasing gives the stock of unpaid orders back, anonymises the orders
 * (kept for the accounts, as the law allows: totals unchanged) and deletes the rest.
 */
export function shopDataPart(): AccountDataPart {
  return {
    area: 'shop',
    tables: [
      'taberna_profiles',
      'taberna_reviews',
      'taberna_carts',
      'taberna_orders',
      'taberna_stock_ledger',
      // Issue 28: the refunds staff made (who made them is forgotten with their account).
      'taberna_order_refunds',
    ],

    count: ({ accountId }, db) => createShopDataRepository(db).count(accountId),

    async entries({ accountId }, db) {
      const repo = createShopDataRepository(db);
      const orderLines = createOrdersRepository(db);
      return [
        {
          path: 'profile.json',
          json: async () => {
            const profile = await repo.profile(accountId);
            if (!profile) return null;
            const { phone, addressLine1, addressLine2, city, state, country, createdAt } = profile;
            return {
              phone,
              address_line_1: addressLine1,
              address_line_2: addressLine2,
              city,
              state,
              country,
              created_at: iso(createdAt),
            };
          },
        },
        {
          path: 'orders.json',
          rows: () =>
            keysetRows(
              async (after: { at: Date; id: number } | undefined, limit) => {
                const page = await repo.ordersPage(accountId, after, limit);
                const allLines = await orderLines.linesOf(page.map((order) => order.id));
                return page.map((order) => ({ order, lines: allLines.filter((line) => line.orderId === order.id) }));
              },
              ({ order }) => ({ at: order.createdAt, id: order.id }),
              ({ order, lines }) => ({
                order_number: order.orderNumber,
                status: order.orderStatus,
                billing: {
                  first_name: order.firstName,
                  last_name: order.lastName,
                  email: order.email,
                  phone: order.phone,
                  address_line_1: order.addressLine1,
                  address_line_2: order.addressLine2,
                  city: order.city,
                  state: order.state,
                  country: order.country,
                },
                note: order.orderNote,
                subtotal: order.subtotal,
                tax: order.tax,
                total: order.orderTotal,
                tracking: order.tracking,
                created_at: iso(order.createdAt),
                shipped_at: iso(order.shippedAt),
                delivered_at: iso(order.deliveredAt),
                refunded_at: iso(order.refundedAt),
                lines: lines.map((line) => ({
                  product: line.productName,
                  variations: line.variations.map((v) => `${v.variation_category}: ${v.variation_value}`),
                  quantity: line.quantity,
                  unit_price: line.productPrice,
                })),
              }),
            ),
        },
        {
          path: 'reviews.json',
          json: async () =>
            (await repo.reviews(accountId)).map((row) => ({
              product: row.product,
              subject: row.subject,
              review: row.review,
              rating: row.rating,
              created_at: iso(row.createdAt),
              updated_at: iso(row.updatedAt),
            })),
        },
        {
          path: 'cart.json',
          json: async () =>
            (await repo.cart(accountId)).map((row) => ({
              product: row.product,
              quantity: row.quantity,
              added_at: iso(row.addedAt),
            })),
        },
      ];
    },

    async erase({ accountId }, tx) {
      const repo = createShopDataRepository(tx);
      const orders = createOrdersRepository(tx);
      for (const orderId of await repo.pendingOrderIds(accountId)) {
        if (!(await orders.transition(orderId, ['pending'], 'cancelled'))) continue;
        await releaseLines(tx, await orders.linesOf([orderId]), {
          orderId,
          reason: 'Order cancelled: the customer deleted their account',
        });
      }
      await repo.anonymiseOrders(accountId);
      await repo.deleteCustomer(accountId);
      return {};
    },
  };
}
