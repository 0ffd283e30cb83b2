import { Conflict, Invalid } from '../core/domain-errors.js';
import type { Database } from '../db/client.js';
import type { PreparedBilling } from './billing-address.js';
import { createCartRepository } from './cart.repository.js';
import { toVariation } from './cart.service.js';
import { createCatalogueRepository, type ProductWithVariants } from './catalogue.repository.js';
import { priceCart } from './cart-pricing.js';
import { createDeliveryPricing, type ChosenShipping } from './delivery-pricing.js';
import { discountProblem, discountRefused } from './cart-discount.js';
import { DISCOUNT_MESSAGES, PLACEMENT_DISCOUNT_FIELD } from './discount-rules.js';
import { createDiscountsRepository } from './discounts.repository.js';
import { centsToDecimal, toCents } from './money.js';
import { createOrdersRepository, type NewOrderLine, type OrderRow } from './orders.repository.js';
import { createProfileRepository } from './profile.repository.js';
import { orderNumber } from './shop-dates.js';
import { reserveLines } from './stock-moves.js';
import { choiceOfLine, variantLabel, variantOf } from './variation-choice.js';

export interface PlacedOrder {
  order: OrderRow;
  lines: (Omit<NewOrderLine, 'orderId'> & { product: ProductWithVariants })[];
  subtotalCents: number;
  taxCents: number;
  /** Issue 28: the shipping rate chosen (null: the shop has no zones); its price is part of the total. */
  shipping: ChosenShipping | null;
  /** Issue 28: the discount code used (null: none) and what it took off the subtotal. */
  discount: { code: string; cents: number } | null;
  totalCents: number;
  quantity: number;
}

export interface PlacementSettings {
  /** The default tax (TAX_RATE), for delivery countries without a rate of their own. */
  taxRateBp: number;
  orderPaymentTtlMs: number;
  provider: string;
}

/**
 * Turns the customer's cart into an unpaid order and reserves its stock, in one transaction: the
 * order exists exactly when its stock is taken. Prices and totals come from the database, never
 * from the request; each line records the variant sold, its SKU, colour, size and unit price.
 */
export async function placeOrder(
  db: Database,
  accountId: number,
  billing: PreparedBilling,
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

    const products = new Map(
      (await catalogue.productsWithExtrasByIds([...new Set(items.map((item) => item.productId))])).map((p) => [p.id, p]),
    );
    const variations = new Map(
      (await catalogue.variationsByIds(items.flatMap((item) => item.variationIds))).map((v) => [v.id, v]),
    );
    const categories = new Map([...variations.values()].map((v) => [v.id, v.category]));
    const lines = [...items].reverse().map((item) => {
      const product = products.get(item.productId)!;
      const chosen = item.variationIds.map((id) => variations.get(id));
      const gone = chosen.find((variation) => !variation?.isActive);
      const variant = variantOf(product.variants, choiceOfLine(item.variationIds, categories));
      if (
        chosen.some((variation) => !variation) ||
        gone ||
        !variant?.isActive ||
        product.status !== 'active' ||
        product.hiddenAt
      ) {
        throw new Conflict(`${product.name}${gone ? ` in ${gone.value}` : ''} is no longer sold. Remove it from your cart.`);
      }
      return {
        product,
        productId: product.id,
        variantId: variant.id,
        sku: variant.sku,
        color: variant.color,
        size: variant.size,
        variationIds: item.variationIds,
        variations: chosen.map((variation) => toVariation(variation!)),
        quantity: item.quantity,
        productName: product.name,
        productPrice: centsToDecimal(toCents(String(variant.price ?? product.price))),
      };
    });
    // Issue 28: the delivery country's tax and the shipping rate chosen there, priced here, never taken from the request.
    const delivery = createDeliveryPricing(tx, settings.taxRateBp);
    const deliveryCountryCode = billing.shipping ? billing.shipping.country_code : billing.countryCode;
    const toPrice = lines.map((line) => ({ unitPrice: line.productPrice, quantity: line.quantity }));
    const rateBp = await delivery.taxRateBp(deliveryCountryCode);
    // Issue 28 (decision 026): the cart's code is checked again here, under its lock, so placements
    // with the same code take turns and each counts the orders the ones before it left holding it.
    const code = cart!.discountId === null ? undefined : await createDiscountsRepository(tx).lockById(cart!.discountId);
    if (cart!.discountId !== null && !code) throw discountRefused(DISCOUNT_MESSAGES.gone, PLACEMENT_DISCOUNT_FIELD);
    if (code) {
      const problem = await discountProblem(tx, code, priceCart(toPrice, rateBp).subtotalCents, accountId);
      if (problem) throw discountRefused(problem, PLACEMENT_DISCOUNT_FIELD);
    }
    const price = priceCart(toPrice, rateBp, code ?? null);
    const { subtotalCents, taxCents, quantity } = price;
    const shipping = await delivery.chosen(deliveryCountryCode, billing.shipping_rate_id, subtotalCents - price.discountCents);
    const totalCents = price.totalCents + (shipping?.cents ?? 0);
    const discount = code ? { code: code.code, cents: price.discountCents } : null;

    const placed = await orders.insertOrder({
      accountId,
      firstName: billing.first_name,
      lastName: billing.last_name,
      phone: billing.phone,
      phoneVerified: billing.phoneVerified,
      email: billing.email,
      addressLine1: billing.address_line_1,
      addressLine2: billing.address_line_2,
      postalCode: billing.postal_code,
      country: billing.country,
      countryCode: billing.countryCode,
      state: billing.state,
      city: billing.city,
      shippingAddress: billing.shipping,
      deliveryCountryCode,
      orderNote: billing.order_note,
      subtotal: centsToDecimal(subtotalCents),
      tax: centsToDecimal(taxCents),
      orderTotal: centsToDecimal(totalCents),
      shippingMethod: shipping?.name ?? null,
      shippingTotal: centsToDecimal(shipping?.cents ?? 0),
      discountId: code?.id ?? null,
      discountCode: discount?.code ?? null,
      discountTotal: centsToDecimal(discount?.cents ?? 0),
      provider: settings.provider,
      ip: ip.slice(0, 64),
      expiresAt: new Date(Date.now() + settings.orderPaymentTtlMs),
    });
    const number = orderNumber(placed.createdAt, placed.id);
    await orders.setOrderNumber(placed.id, number);

    const short = await reserveLines(tx, lines, placed.id);
    if (short) {
      const line = lines.find((candidate) => candidate.variantId === short.variantId)!;
      const label = variantLabel(line);
      const name = label ? `${line.product.name} in ${label}` : line.product.name;
      throw new Conflict(
        short.left === 0
          ? `${name} is sold out. Remove it from your cart to go on.`
          : `Only ${short.left} of ${name} ${short.left === 1 ? 'is' : 'are'} left in stock. Lower the quantity in your cart to go on.`,
      );
    }
    // The next checkout starts from these addresses.
    await createProfileRepository(tx).saveAddress(accountId, {
      phone: billing.phone,
      addressLine1: billing.address_line_1,
      addressLine2: billing.address_line_2,
      postalCode: billing.postal_code,
      city: billing.city,
      state: billing.state,
      country: billing.country,
      countryCode: billing.countryCode,
      shippingAddress: billing.shipping,
    });
    await orders.insertLines(lines.map(({ product: _product, ...line }) => ({ ...line, orderId: placed.id })));
    return {
      order: { ...placed, orderNumber: number },
      lines,
      subtotalCents,
      taxCents,
      shipping,
      discount,
      totalCents,
      quantity,
    };
  });
}
