import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, centsToNumber, centsToPlain, taxOf, toCents } from './money.js';

describe('money', () => {
  it('reads and writes exact decimals', () => {
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('19.9')).toBe(1990);
    expect(toCents('7')).toBe(700);
    expect(toCents('0.05')).toBe(5);
    expect(centsToDecimal(1999)).toBe('19.99');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(700)).toBe('7.00');
    expect(centsToNumber(4080)).toBe(40.8);
    expect(centsToPlain(4080)).toBe('40.8');
    expect(() => toCents('1.999')).toThrow('Not a money amount: 1.999');
    expect(() => toCents('abc')).toThrow('Not a money amount: abc');
  });

  it('reads amounts with spaces around them and negative amounts, and writes them back', () => {
    expect(toCents(' 19.99 ')).toBe(1999);
    expect(toCents('-5.5')).toBe(-550);
    expect(toCents('-0.05')).toBe(-5);
    expect(centsToDecimal(-550)).toBe('-5.50');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToPlain(-550)).toBe('-5.5');
  });

  it('round-trips every amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => toCents(centsToDecimal(cents)) === cents));
  });

  it('computes tax half up on the cent, as the reference does with round(total * 0.02, 2)', () => {
    expect(taxOf(4000, 200)).toBe(80);
    expect(taxOf(2499, 200)).toBe(50); // 49.98 → 50
    expect(taxOf(2474, 200)).toBe(49); // 49.48 → 49
    expect(taxOf(2475, 200)).toBe(50); // 49.5 → 50
    expect(taxOf(12345, 0)).toBe(0);
    expect(taxOf(10000, 725)).toBe(725);
  });
});
