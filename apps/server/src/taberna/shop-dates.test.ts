import { describe, expect, it } from 'vitest';
import { isoUtc, orderDate, orderNumber } from './shop-dates.js';

describe('shop dates', () => {
  it('formats order dates as the reference does', () => {
    expect(orderDate(new Date('2025-03-07T14:05:09Z'))).toBe('Mar. 07, 2025, 02:05 PM');
    expect(orderDate(new Date('2025-05-01T00:30:00Z'))).toBe('May. 01, 2025, 12:30 AM');
    expect(orderDate(new Date('2025-12-31T12:00:00Z'))).toBe('Dec. 31, 2025, 12:00 PM');
  });

  it('writes ISO dates with microseconds only when there are some', () => {
    expect(isoUtc(new Date('2025-03-07T14:05:09.123Z'))).toBe('2025-03-07T14:05:09.123000Z');
    expect(isoUtc(new Date('2025-03-07T14:05:09Z'))).toBe('2025-03-07T14:05:09Z');
  });

  it('numbers orders YYYYMMDD<id>', () => {
    expect(orderNumber(new Date('2025-03-07T23:59:00Z'), 57)).toBe('2025030757');
  });
});
