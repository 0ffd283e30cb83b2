import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart, type LineToPrice } from './cart-pricing.js';
import { centsToDecimal } from './money.js';

/**
 * Prices as the database keeps them (two decimals, at least 0) up to 100,000.00, quantities as a cart
 * holds them: subtotals stay under 2^53 / 10,000 cents, where the arithmetic is exact at any tax rate.
 */
const line = fc.record({
  unitPrice: fc.integer({ min: 0, max: 100_000_00 }).map(centsToDecimal),
  quantity: fc.integer({ min: 1, max: 1_000 }),
});
const lines = fc.array(line, { maxLength: 30 });
const taxRate = fc.integer({ min: 0, max: 10_000 });

/** The same calculation in exact integers of any size: what the shop promises. */
function exactly(cart: readonly LineToPrice[], rateBp: number) {
  const subtotal = cart.reduce((sum, { unitPrice, quantity }) => sum + BigInt(unitPrice.replace('.', '')) * BigInt(quantity), 0n);
  const tax = (subtotal * BigInt(rateBp) + 5_000n) / 10_000n;
  return { subtotal, tax, total: subtotal + tax };
}

describe('priceCart', () => {
  it('prices the examples of the contract and the reference', () => {
    expect(priceCart([], 200)).toEqual({
      lineCents: [],
      quantity: 0,
      subtotalCents: 0,
      discountCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
    expect(
      priceCart(
        [
          { unitPrice: '19.99', quantity: 2 },
          { unitPrice: '0.05', quantity: 1 },
        ],
        200,
      ),
    ).toEqual({ lineCents: [3998, 5], quantity: 3, subtotalCents: 4003, discountCents: 0, taxCents: 80, totalCents: 4083 });
    // 2% of 24.75 is 0.495: half a cent rounds up, once, on the subtotal.
    expect(priceCart([{ unitPrice: '24.75', quantity: 1 }], 200).taxCents).toBe(50);
  });

  it('agrees with exact integer arithmetic, in whole cents', () => {
    fc.assert(
      fc.property(lines, taxRate, (cart, rateBp) => {
        const price = priceCart(cart, rateBp);
        const exact = exactly(cart, rateBp);
        for (const amount of [...price.lineCents, price.subtotalCents, price.taxCents, price.totalCents]) {
          expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
        }
        expect([BigInt(price.subtotalCents), BigInt(price.taxCents), BigInt(price.totalCents)]).toEqual([
          exact.subtotal,
          exact.tax,
          exact.total,
        ]);
      }),
    );
  });

  it('adds up: lines to the subtotal, subtotal and tax to the total, quantities to the count', () => {
    fc.assert(
      fc.property(lines, taxRate, (cart, rateBp) => {
        const price = priceCart(cart, rateBp);
        expect(price.lineCents).toHaveLength(cart.length);
        expect(price.lineCents.reduce((a, b) => a + b, 0)).toBe(price.subtotalCents);
        expect(price.subtotalCents + price.taxCents).toBe(price.totalCents);
        expect(price.quantity).toBe(cart.reduce((sum, { quantity }) => sum + quantity, 0));
      }),
    );
  });

  it('rounds the tax half up to the cent: within half a cent of the exact rate, ties upwards', () => {
    fc.assert(
      fc.property(lines, taxRate, (cart, rateBp) => {
        const { subtotalCents, taxCents } = priceCart(cart, rateBp);
        // In ten-thousandths of a cent: tax − exact ∈ (−½ cent, ½ cent].
        const error = BigInt(taxCents) * 10_000n - BigInt(subtotalCents) * BigInt(rateBp);
        expect(error > -5_000n && error <= 5_000n).toBe(true);
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(
        lines.chain((cart) => fc.tuple(fc.constant(cart), fc.shuffledSubarray(cart, { minLength: cart.length }))),
        taxRate,
        ([cart, shuffled], rateBp) => {
          const { lineCents: _a, ...price } = priceCart(cart, rateBp);
          const { lineCents: _b, ...again } = priceCart(shuffled, rateBp);
          expect(again).toEqual(price);
        },
      ),
    );
  });

  it('taxes the cart once: splitting a line in two changes no total', () => {
    fc.assert(
      fc.property(lines, line, fc.integer({ min: 1, max: 999 }), taxRate, (rest, whole, cut, rateBp) => {
        fc.pre(cut < whole.quantity);
        const { lineCents: _a, ...joined } = priceCart([...rest, whole], rateBp);
        const { lineCents: _b, ...split } = priceCart(
          [...rest, { ...whole, quantity: cut }, { ...whole, quantity: whole.quantity - cut }],
          rateBp,
        );
        expect(split).toEqual(joined);
      }),
    );
  });

  it('never lowers the total when a line is added', () => {
    fc.assert(
      fc.property(lines, line, taxRate, (cart, added, rateBp) => {
        expect(priceCart([...cart, added], rateBp).totalCents).toBeGreaterThanOrEqual(priceCart(cart, rateBp).totalCents);
      }),
    );
  });

  it('takes a discount off the subtotal before the tax (issue 28, decision 026)', () => {
    const cart = [
      { unitPrice: '20.00', quantity: 2 },
      { unitPrice: '10.00', quantity: 1 },
    ];
    expect(priceCart(cart, 2300, { kind: 'percent', value: 1000 })).toEqual({
      lineCents: [4000, 1000],
      quantity: 3,
      subtotalCents: 5000,
      discountCents: 500,
      taxCents: 1035,
      totalCents: 5535,
    });
    const all = priceCart(cart, 2300, { kind: 'fixed', value: 9000 });
    expect([all.discountCents, all.taxCents, all.totalCents]).toEqual([5000, 0, 0]);
    fc.assert(
      fc.property(lines, taxRate, fc.integer({ min: 1, max: 10_000 }), (cart, rateBp, value) => {
        const price = priceCart(cart, rateBp, { kind: 'percent', value });
        expect(price.totalCents).toBe(price.subtotalCents - price.discountCents + price.taxCents);
        expect(price.totalCents).toBeLessThanOrEqual(priceCart(cart, rateBp).totalCents);
      }),
    );
  });
});
