import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.js';

describe('formatMoney', () => {
  it('writes an amount in the currency, the way the locale writes money', () => {
    expect(formatMoney('19.99')).toBe('$19.99');
    expect(formatMoney(40.8, 'USD')).toBe('$40.80');
    expect(formatMoney('1234.5', 'EUR', 'en-US')).toBe('€1,234.50');
    expect(formatMoney('1234.5', 'EUR', 'pt-PT').replace(/\s/g, ' ')).toBe('1234,50 €');
    expect(formatMoney('19.99', 'GBP', 'en-GB')).toBe('£19.99');
    expect(formatMoney(0, 'EUR', 'de-DE').replace(/\s/g, ' ')).toBe('0,00 €');
  });
});
