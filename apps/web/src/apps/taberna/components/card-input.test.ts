import { describe, expect, it } from 'vitest';
import { spaceCardNumber, tidyExpiry } from './card-input';

describe('the test card form', () => {
  it('spaces the card number in fours as it is typed', () => {
    expect(spaceCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(spaceCardNumber('42424')).toBe('4242 4');
    expect(spaceCardNumber('4242 4242-42')).toBe('4242 4242 42');
    expect(spaceCardNumber('4242 ')).toBe('4242');
    expect(spaceCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('writes an expiry typed as 1230, 12/30 or 12 / 30 as 12/30', () => {
    for (const typed of ['1230', '12/30', '12 / 30', ' 12/ 30 ']) expect(tidyExpiry(typed)).toBe('12/30');
    expect(tidyExpiry('1330')).toBe('1330');
    expect(tidyExpiry('soon')).toBe('soon');
  });
});
