import { describe, expect, it } from 'vitest';
import { DISCOUNT_MESSAGES, discountCents, whyNoUseLeft, whyNotApplicable } from './discount-rules.js';

describe('discount codes', () => {
  it('takes a percentage off rounded half up to the cent, a fixed amount at most the subtotal', () => {
    expect(discountCents({ kind: 'percent', value: 1000 }, 4990)).toBe(499);
    expect(discountCents({ kind: 'percent', value: 1250 }, 1004)).toBe(126); // 125.5 → 126
    expect(discountCents({ kind: 'percent', value: 10000 }, 1999)).toBe(1999);
    expect(discountCents({ kind: 'fixed', value: 500 }, 4990)).toBe(500);
    expect(discountCents({ kind: 'fixed', value: 5000 }, 4990)).toBe(4990);
  });

  it('applies between its dates only and from its minimum subtotal', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const open = { startsAt: null, endsAt: null, minSubtotalCents: null };
    expect(whyNotApplicable(open, 0, now)).toBeNull();
    const startsAt = new Date('2026-12-01T00:00:00Z');
    expect(whyNotApplicable({ ...open, startsAt }, 100, now)).toBe(DISCOUNT_MESSAGES.notYet(startsAt));
    expect(whyNotApplicable({ ...open, startsAt: now }, 100, now)).toBeNull();
    const endsAt = new Date('2026-11-27T11:59:59Z');
    expect(whyNotApplicable({ ...open, endsAt }, 100, now)).toBe(DISCOUNT_MESSAGES.expired(endsAt));
    expect(whyNotApplicable({ ...open, endsAt: now }, 100, now)).toBe(DISCOUNT_MESSAGES.expired(now));
    expect(whyNotApplicable({ ...open, minSubtotalCents: 5000 }, 4999, now)).toBe(DISCOUNT_MESSAGES.belowMinimum(5000));
    expect(whyNotApplicable({ ...open, minSubtotalCents: 5000 }, 5000, now)).toBeNull();
    expect(DISCOUNT_MESSAGES.belowMinimum(5000)).toBe('This discount code needs a subtotal of at least 50.00.');
    expect(DISCOUNT_MESSAGES.notYet(startsAt)).toBe('This discount code is valid from 1 December 2026 at 00:00 UTC.');
  });

  it('counts the orders holding it against its limit and, once per customer, the customer’s own', () => {
    const code = { usageLimit: 2, oncePerCustomer: false };
    expect(whyNoUseLeft(code, { held: 1, heldByCustomer: 1 })).toBeNull();
    expect(whyNoUseLeft(code, { held: 2, heldByCustomer: 0 })).toBe(DISCOUNT_MESSAGES.usedUp);
    expect(whyNoUseLeft({ usageLimit: null, oncePerCustomer: false }, { held: 10_000, heldByCustomer: 5 })).toBeNull();
    expect(whyNoUseLeft({ usageLimit: null, oncePerCustomer: true }, { held: 1, heldByCustomer: 1 })).toBe(
      DISCOUNT_MESSAGES.usedByYou,
    );
    expect(whyNoUseLeft({ usageLimit: null, oncePerCustomer: true }, { held: 1, heldByCustomer: 0 })).toBeNull();
  });
});
