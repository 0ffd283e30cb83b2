import type { BillingData } from '@portal/contracts';
import { Conflict, Invalid } from '../core/domain-errors.js';
import type { Database } from '../db/client.js';
import { createCartRepository } from './cart.repository.js';
import { toVariation } from './cart.service.js';
import { createCatalogueRepository, type ProductRow } from './catalogue.repository.js';
import { priceCart } from './cart-pricing.js';
import { centsToDecimal } from './money.js';
import { createOrdersRepository, quantitiesByProduct, type NewOrderLine, type OrderRow } from './orders.repository.js';
import { createProfileRepository } from './profile.repository.js';
import { orderNumber } from './shop-dates.js';

export type Billing = Omit<BillingData, 'stripe_token'>;

export interface PlacedOrder {
  order: OrderRow;
  lines: (Omit<NewOrderLine, 'orderId'> & { product: ProductRow })[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  quantity: number;
}

export interface PlacementSettings {
  taxRateBp: number;
  orderPaymentTtlMs: number;
  provider: string;
}

/**
 * Turns the customer's cart into an unpaid order and reserves its stock, in one transaction: the
 * order exists exactly when its stock is taken. Prices and totals come from the database, never from the request.
 */
export async function placeOrder(
  db: Database,
  accountId: number,
  billing: Billing,
  ip: string,
  settings: PlacementSettings,
): Promise<PlacedOrder> {
  return db.transaction(async (tx) => {
    const carts = createCartRepository(tx);
    const catalogue = createCatalogueRepository(tx);
    const orders = createOrdersRepository(tx);
    const cart = await carts.accountCart(accountId);
    const items = cart ? await carts.itemsOf(cart.id) : [];
    if (items.length === 0) throw new Invalid('Your cart is empty!');

    const products = new Map((await catalogue.productsByIds(items.map((item) => item.productId))).map((p) => [p.id, p]));
    const variations = new Map(
      (await catalogue.variationsByIds(items.flatMap((item) => item.variationIds))).map((v) => [v.id, v]),
    );
    const lines = [...items].reverse().map((item) => {
      const product = products.get(item.productId)!;
      const chosen = item.variationIds.map((id) => variations.get(id));
      const gone = chosen.find((variation) => !variation?.isActive);
      if (chosen.some((variation) => !variation) || gone) {
        throw new Conflict(`${product.name}${gone ? ` in ${gone.value}` : ''} is no longer sold. Remove it from your cart.`);
      }
      return {
        product,
        productId: product.id,
        variationIds: item.variationIds,
        variations: chosen.map((variation) => toVariation(variation!)),
        quantity: item.quantity,
        productName: product.name,
        productPrice: product.price,
      };
    });
    const { subtotalCents, taxCents, totalCents, quantity } = priceCart(
      lines.map((line) => ({ unitPrice: line.productPrice, quantity: line.quantity })),
      settings.taxRateBp,
    );

    const placed = await orders.insertOrder({
      accountId,
      firstName: billing.first_name,
      lastName: billing.last_name,
      phone: billing.phone,
      email: billing.email,
      addressLine1: billing.address_line_1,
      addressLine2: billing.address_line_2,
      country: billing.country,
      state: billing.state,
      city: billing.city,
      orderNote: billing.order_note,
      subtotal: centsToDecimal(subtotalCents),
      tax: centsToDecimal(taxCents),
      orderTotal: centsToDecimal(totalCents),
      provider: settings.provider,
      ip: ip.slice(0, 64),
      expiresAt: new Date(Date.now() + settings.orderPaymentTtlMs),
    });
    const number = orderNumber(placed.createdAt, placed.id);
    await orders.setOrderNumber(placed.id, number);

    // One conditional update per product, in id order so that concurrent orders never deadlock.
    for (const [productId, wanted] of quantitiesByProduct(lines)) {
      if (!(await orders.reserveStock(productId, wanted, placed.id))) {
        const product = products.get(productId)!;
        const left = await orders.stockOf(productId);
        throw new Conflict(
          left === 0 || !product.isAvailable
            ? `${product.name} is sold out. Remove it from your cart to go on.`
            : `Only ${left} of ${product.name} ${left === 1 ? 'is' : 'are'} left in stock. Lower the quantity in your cart to go on.`,
        );
      }
    }
    // The next checkout starts from this address.
    await createProfileRepository(tx).saveAddress(accountId, {
      phone: billing.phone,
      addressLine1: billing.address_line_1,
      addressLine2: billing.address_line_2,
      city: billing.city,
      state: billing.state,
      country: billing.country,
    });
    await orders.insertLines(lines.map(({ product: _product, ...line }) => ({ ...line, orderId: placed.id })));
    return { order: { ...placed, orderNumber: number }, lines, subtotalCents, taxCents, totalCents, quantity };
  });
}
