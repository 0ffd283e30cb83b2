import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows prices and totals as money with two decimals', () => {
    expect(formatMoney('19.99')).toBe('$19.99');
    expect(formatMoney(40.8)).toBe('$40.80');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
  });
});
