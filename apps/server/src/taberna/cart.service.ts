import { randomBytes } from 'node:crypto';
import type { Cart, CartItem, ShippingOption, Variation } from '@portal/contracts';
import { Conflict, Invalid, NotFound } from '../core/domain-errors.js';
import type { Deps } from '../core/deps.js';
import { createCartRepository, type CartRow } from './cart.repository.js';
import { createCatalogueRepository, extrasOfRows, type ProductRow, type VariationRow } from './catalogue.repository.js';
import { colorImage, serializeProducts } from './product.serializer.js';
import { PRODUCT_NOT_FOUND } from './catalogue.service.js';
import { priceCart } from './cart-pricing.js';
import { centsToDecimal, centsToNumber, toCents } from './money.js';
import { isCountryCode } from './countries.js';
import { createDeliveryPricing } from './delivery-pricing.js';
import { appliedDiscount, discountProblem, discountRefused } from './cart-discount.js';
import { DISCOUNT_MESSAGES } from './discount-rules.js';
import { createDiscountsRepository } from './discounts.repository.js';
import { chooseVariations, choiceOfLine, variantLabel, variantOf } from './variation-choice.js';
import { createVariantsRepository, type VariantView } from './variants.repository.js';

/** Who is asking for a cart: a customer (by account) or a guest (by the cart id they hold). */
export interface CartCaller {
  accountId: number | null;
  cartId: string | null;
}

export const CART_ITEM_MISSING = 'Cart item does not exist';

/** Issue 28: where the cart is to be delivered, for its tax, and the shipping rate chosen there. */
export interface CartDelivery {
  country?: string | undefined;
  shippingRateId?: number | undefined;
}
const EMPTY_CART: Cart = { total: 0, quantity: 0, tax: 0, grand_total: 0, cart_items: [] };

export const toVariation = (row: Pick<VariationRow, 'id' | 'category' | 'value'>): Variation => ({
  id: row.id,
  variation_category: row.category as Variation['variation_category'],
  variation_value: row.value,
});

/** Guest carts under unguessable ids, customers' carts by account; totals always from current prices. */
export function createCartService({ db, media, config }: Pick<Deps, 'db' | 'media' | 'config'>) {
  const { taxRateBp } = config.shop;
  const repo = createCartRepository(db);
  const delivery = createDeliveryPricing(db, taxRateBp);
  const catalogue = createCatalogueRepository(db);
  const variants = createVariantsRepository(db);
  const discounts = createDiscountsRepository(db);

  /** Contract §8.6: a customer with a shop profile uses their own cart, whatever cart_id says. */
  async function customerOf(caller: CartCaller): Promise<number | null> {
    if (caller.accountId === null) return null;
    return (await repo.hasShopProfile(caller.accountId)) ? caller.accountId : null;
  }

  async function findCart(caller: CartCaller): Promise<CartRow | undefined> {
    const accountId = await customerOf(caller);
    if (accountId !== null) return repo.accountCart(accountId);
    return caller.cartId ? repo.guestCart(caller.cartId) : undefined;
  }

  /**
   * Why one more cannot be added: the product is out of stock (409, as before variants), this
   * combination is sold out while others are not (400: choose another), or the cart holds all there is (409).
   */
  function stockError(product: ProductRow, variant: VariantView, inCart: number): Conflict | Invalid {
    const label = variantLabel(variant);
    const name = label ? `${product.name} in ${label}` : product.name;
    if (!product.isAvailable || product.stock === 0) return new Conflict(`${product.name} is out of stock.`);
    if (variant.stock === 0) return new Invalid(`${name} is sold out. Choose another colour or size.`);
    return new Conflict(
      `Only ${variant.stock} of ${name} ${variant.stock === 1 ? 'is' : 'are'} in stock, and your cart already has ${inCart}.`,
    );
  }

  /** A country the request names must be a real one (ISO 3166-1 alpha-2). */
  function knownCountry(code: string): string {
    if (!isCountryCode(code)) throw Invalid.fields({ country: [`${code} is not a country code.`] });
    return code;
  }

  /**
   * The cart with totals: one statement for an empty cart, three for one with lines (issue 12), and
   * one more for the tax rate of a delivery country when one is given, and (issue 28) the discount
   * code and its uses when one is applied; null when the cart is empty. `discountedCents` is the
   * subtotal after the discount (what shipping's `free_over` is judged on, decision 026).
   */
  async function priced(
    caller: CartCaller,
    country: string | undefined,
  ): Promise<{ cart: Cart; subtotalCents: number; discountedCents: number; totalCents: number } | null> {
    if (caller.accountId === null && !caller.cartId) return null;
    const lines = await repo.linesOfCaller(caller.accountId, caller.cartId);
    if (lines.length === 0) return null;
    const discountId = lines[0]!.discountId;
    const [productRows, variationRows, rateBp, code] = await Promise.all([
      catalogue.productsWithExtrasByIds([...new Set(lines.map((line) => line.productId))]),
      catalogue.variationsByIds([...new Set(lines.flatMap((line) => line.variationIds))]),
      country === undefined ? taxRateBp : delivery.taxRateBp(country),
      discountId === null ? undefined : discounts.byId(discountId),
    ]);
    const products = new Map(
      serializeProducts(productRows, extrasOfRows(productRows), media).map((product) => [product.id, product]),
    );
    const variantsOf = new Map(productRows.map((row) => [row.id, row.variants]));
    const variations = new Map(variationRows.map((row) => [row.id, toVariation(row)]));
    const categories = new Map(variationRows.map((row) => [row.id, row.category]));
    const resolved = lines.map((line) => {
      const product = products.get(line.productId)!;
      const variant = variantOf(variantsOf.get(line.productId) ?? [], choiceOfLine(line.variationIds, categories));
      // Issue 25: a variant's own price, else the product's.
      const unitPrice = variant?.price == null ? product.price : centsToDecimal(toCents(String(variant.price)));
      return { line, product, variant, unitPrice };
    });
    const toPrice = resolved.map(({ line, unitPrice }) => ({ unitPrice, quantity: line.quantity }));
    let price = priceCart(toPrice, rateBp);
    const problem = code ? await discountProblem(db, code, price.subtotalCents, caller.accountId) : null;
    if (code && problem === null) price = priceCart(toPrice, rateBp, code);
    const cartItems: CartItem[] = resolved.map(({ line, product, variant, unitPrice }, index) => ({
      id: line.id,
      product,
      variations: line.variationIds.map((id) => variations.get(id)!).filter(Boolean),
      quantity: line.quantity,
      is_active: true,
      sub_total: centsToNumber(price.lineCents[index]!),
      variant: variant
        ? {
            id: variant.id,
            sku: variant.sku,
            color: variant.color,
            size: variant.size,
            price: unitPrice,
            stock: variant.isActive && product.is_available ? variant.stock : 0,
          }
        : null,
      image: colorImage(product, variant?.color),
    }));
    const cart = {
      total: centsToNumber(price.subtotalCents),
      quantity: price.quantity,
      tax: centsToNumber(price.taxCents),
      grand_total: centsToNumber(price.totalCents),
      cart_items: cartItems,
      ...(code ? { discount: appliedDiscount(code.code, price.discountCents, problem) } : {}),
    };
    return {
      cart,
      subtotalCents: price.subtotalCents,
      discountedCents: price.subtotalCents - price.discountCents,
      totalCents: price.totalCents,
    };
  }

  async function view(caller: CartCaller, where: CartDelivery = {}): Promise<Cart> {
    const country = where.country === undefined ? undefined : knownCountry(where.country);
    if (where.shippingRateId !== undefined && country === undefined)
      throw Invalid.fields({ country: ['Give the delivery country of the shipping option.'] });
    const found = await priced(caller, country);
    if (!found) return EMPTY_CART;
    if (where.shippingRateId === undefined) return found.cart;
    const shipping = (await delivery.chosen(country!, where.shippingRateId, found.discountedCents))!;
    return {
      ...found.cart,
      grand_total: centsToNumber(found.totalCents + shipping.cents),
      shipping_total: centsToNumber(shipping.cents),
    };
  }

  return {
    /**
     * Contract §8.6; issue 28: with `country`, the tax of that delivery country; with a
     * `shipping_rate_id` offered there, its price as `shipping_total`, part of `grand_total`.
     */
    view,

    /**
     * Issue 28: applies a discount code (any case) to the caller's cart, after checking it applies
     * now (400 saying why not); the answer is the cart priced with it.
     */
    async applyDiscount(caller: CartCaller, typed: string, where: CartDelivery = {}): Promise<Cart> {
      const cart = await findCart(caller);
      const found = cart ? await priced(caller, undefined) : null;
      if (!cart || !found) throw discountRefused(DISCOUNT_MESSAGES.emptyCart);
      const code = await discounts.byCode(typed);
      if (!code) throw discountRefused(DISCOUNT_MESSAGES.unknown);
      const problem = await discountProblem(db, code, found.subtotalCents, await customerOf(caller));
      if (problem) throw discountRefused(problem);
      await discounts.setCartDiscount(cart.id, code.id);
      return view(caller, where);
    },

    /** Issue 28: takes the discount code off the caller's cart (nothing to do when it has none). */
    async removeDiscount(caller: CartCaller, where: CartDelivery = {}): Promise<Cart> {
      const cart = await findCart(caller);
      if (cart?.discountId != null) await discounts.setCartDiscount(cart.id, null);
      return view(caller, where);
    },

    /** Issue 28: the shipping rates of a delivery country, priced for the caller's cart (free at or above `free_over`). */
    async shippingOptions(caller: CartCaller, country: string): Promise<ShippingOption[]> {
      const found = await priced(caller, undefined);
      return delivery.options(knownCountry(country), found?.discountedCents ?? 0);
    },

    /** Contract §8.7. Returns the guest cart id (a new one when the guest had none), or the request's for customers. */
    async add(
      caller: CartCaller,
      productId: number,
      choice: { color?: string | null; size?: string | null },
    ): Promise<string | null> {
      // A draft, archived or deleted product is not in the shop (issue 25): 404, as for no product.
      const product = await catalogue.productById(productId);
      if (!product) throw new NotFound(PRODUCT_NOT_FOUND);
      const chosen = chooseVariations(product.name, await catalogue.activeVariationsOf(product.id), choice);
      const variant = variantOf(await variants.ofProduct(product.id), chosen);
      if (!variant) throw new Conflict(`${product.name} cannot be bought in this colour and size.`);
      const accountId = await customerOf(caller);
      let cart =
        accountId !== null
          ? await repo.accountCartOrCreate(accountId)
          : caller.cartId
            ? await repo.guestCart(caller.cartId)
            : undefined;
      // The line is the variant's: a cart never holds more of a combination than its stock.
      const inCart = cart ? await repo.quantityOfLine(cart.id, product.id, chosen.variationIds) : 0;
      if (!product.isAvailable || inCart + 1 > variant.stock) throw stockError(product, variant, inCart);
      cart ??= await repo.createGuestCart(randomBytes(24).toString('base64url'));
      if (!(await repo.addToLine(cart.id, product.id, chosen.variationIds, 1, variant.stock)))
        throw stockError(product, variant, inCart);
      await repo.touch(cart.id);
      return accountId !== null ? caller.cartId : cart.token;
    },

    async removeOne(caller: CartCaller, productId: number, itemId: number): Promise<void> {
      const cart = await findCart(caller);
      if (!cart || !(await repo.decrement(cart.id, itemId, productId))) throw new NotFound(CART_ITEM_MISSING);
      await repo.touch(cart.id);
    },

    async removeLine(caller: CartCaller, productId: number, itemId: number): Promise<void> {
      const cart = await findCart(caller);
      if (!cart || !(await repo.deleteLine(cart.id, itemId, productId))) throw new NotFound(CART_ITEM_MISSING);
      await repo.touch(cart.id);
    },

    /**
     * Contract §3.7: at shop login the guest cart joins the customer's cart. Quantities of the same
     * line add up; no product goes above its stock. The guest cart is gone afterwards.
     */
    async mergeGuestCart(accountId: number, guestCartId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const txRepo = createCartRepository(tx);
        const guest = await txRepo.guestCart(guestCartId);
        if (!guest) return;
        const lines = await txRepo.itemsOf(guest.id);
        if (lines.length > 0) {
          const target = await txRepo.accountCartOrCreate(accountId);
          const catalogueRepo = createCatalogueRepository(tx);
          const products = new Map(
            (await catalogueRepo.productsWithExtrasByIds([...new Set(lines.map((l) => l.productId))])).map((p) => [p.id, p]),
          );
          const categories = new Map(
            (await catalogueRepo.variationsByIds(lines.flatMap((l) => l.variationIds))).map((v) => [v.id, v.category]),
          );
          // Oldest first, so the lines keep their order in the customer's cart; no combination above its stock.
          for (const line of [...lines].reverse()) {
            const product = products.get(line.productId);
            const variant = product && variantOf(product.variants, choiceOfLine(line.variationIds, categories));
            if (!product || !variant?.isActive) continue;
            const existing = await txRepo.quantityOfLine(target.id, product.id, line.variationIds);
            const room = variant.stock - existing;
            if (room <= 0) continue;
            await txRepo.addToLine(target.id, product.id, line.variationIds, Math.min(line.quantity, room), variant.stock);
          }
          // Issue 28: a code applied as a guest stays applied, unless the customer's cart has one.
          if (guest.discountId !== null && target.discountId === null)
            await createDiscountsRepository(tx).setCartDiscount(target.id, guest.discountId);
          await txRepo.touch(target.id);
        }
        await txRepo.deleteCart(guest.id);
      });
    },

    async purgeStaleGuestCarts(olderThanMs: number): Promise<number> {
      return repo.purgeGuestCarts(new Date(Date.now() - olderThanMs));
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
