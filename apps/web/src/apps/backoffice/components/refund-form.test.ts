import { describe, expect, it } from 'vitest';
import type { BoOrder } from '@portal/contracts';
import { emptyDraft, quantityError, refundRequest, suggestedAmount, withQuantity } from './refund-form';

const line = (id: number, quantity: number, unit: string, refunded = 0): BoOrder['lines'][number] => ({
  id,
  product_id: id,
  product_name: `Product ${id}`,
  variations: [],
  variant_id: null,
  sku: '',
  color: null,
  size: null,
  image: null,
  quantity,
  unit_price: unit,
  line_total: (Number(unit) * quantity).toFixed(2),
  refunded_quantity: refunded,
});

/** 2 × 20.00 and 1 × 10.00, 2% tax (1.00), 4.90 shipping: 55.90 paid. */
const order = (overrides: Partial<BoOrder> = {}) =>
  ({
    id: 1,
    subtotal: '50.00',
    tax: '1.00',
    shipping_total: '4.90',
    order_total: '55.90',
    refundable: '55.90',
    lines: [line(1, 2, '20.00'), line(2, 1, '10.00')],
    refunds: [],
    ...overrides,
  }) as BoOrder;

describe('the refund dialog', () => {
  it("prefills the amount with the chosen lines' price and their share of the tax", () => {
    expect(suggestedAmount(order(), { 1: '1' })).toBe('20.40');
    expect(suggestedAmount(order(), { 1: '2' })).toBe('40.80');
    expect(suggestedAmount(order(), { 2: '1' })).toBe('10.20');
    expect(suggestedAmount(order(), {})).toBe('0.00');
    // Fields in error count for nothing.
    expect(suggestedAmount(order(), { 1: '3', 2: '1' })).toBe('10.20');
  });

  it("takes off the chosen lines' share of a discount code", () => {
    // 10% off 50.00: 45.00 of goods, 2% tax on it (0.90), 4.90 shipping: 50.80 paid.
    const discounted = order({
      discount: { code: 'TEN', amount: '5.00' },
      tax: '0.90',
      order_total: '50.80',
      refundable: '50.80',
    });
    // 20.00 less its 2.00 of the discount, and 20/50 of the tax (0.36).
    expect(suggestedAmount(discounted, { 1: '1' })).toBe('18.36');
    expect(suggestedAmount(discounted, { 2: '1' })).toBe('9.18');
  });

  it('gives back all that remains (shipping, rounding) with the last of the lines', () => {
    expect(suggestedAmount(order(), { 1: '2', 2: '1' })).toBe('55.90');
    const partly = order({ refundable: '35.50', lines: [line(1, 2, '20.00', 1), line(2, 1, '10.00')] });
    expect(suggestedAmount(partly, { 1: '1' })).toBe('20.40');
    expect(suggestedAmount(partly, { 1: '1', 2: '1' })).toBe('35.50');
  });

  it('never suggests more than can still be refunded', () => {
    expect(suggestedAmount(order({ refundable: '15.00' }), { 1: '1' })).toBe('15.00');
  });

  it('lets the amount follow the lines until staff type their own, and sends it only then', () => {
    let draft = withQuantity(order(), emptyDraft(), 1, '1');
    expect(draft.amount).toBe('20.40');
    expect(refundRequest(order(), draft)).toEqual({ request: { lines: [{ line_id: 1, quantity: 1 }], restock: true } });
    draft = { ...draft, amount: '15', amountEdited: true, restock: false };
    draft = withQuantity(order(), draft, 2, '1');
    expect(draft.amount).toBe('15');
    expect(refundRequest(order(), draft)).toEqual({
      request: {
        lines: [
          { line_id: 1, quantity: 1 },
          { line_id: 2, quantity: 1 },
        ],
        restock: false,
        amount: '15.00',
      },
    });
  });

  it('refuses quantities beyond what is left and amounts beyond what remains, before asking the server', () => {
    const partly = order({ lines: [line(1, 2, '20.00', 1), line(2, 1, '10.00')] });
    expect(quantityError(partly.lines[0]!, '2')).toBe('At most 1.');
    expect(quantityError(partly.lines[0]!, '-1')).toBe('A whole number, 0 or more.');
    expect(quantityError(partly.lines[0]!, '1.5')).toBe('A whole number, 0 or more.');
    expect(refundRequest(partly, withQuantity(partly, emptyDraft(), 1, '2'))).toEqual({ error: 'Product 1: At most 1.' });
    expect(refundRequest(order(), emptyDraft())).toEqual({ error: 'Choose what to refund.' });
    const tooMuch = { ...withQuantity(order(), emptyDraft(), 1, '1'), amount: '55.91', amountEdited: true };
    expect(refundRequest(order(), tooMuch)).toEqual({ error: 'At most 55.90 can still be refunded.' });
    const amountOnly = { ...emptyDraft(), amount: '4.90', amountEdited: true };
    expect(refundRequest(order(), amountOnly)).toEqual({ request: { lines: [], restock: true, amount: '4.90' } });
  });
});
