import { describe, expect, it } from 'vitest';
import { validActions } from './orders';

describe('the actions an order page offers', () => {
  it('offers each action only from the status the server accepts it in', () => {
    expect(validActions('placed')).toEqual(['cancel']);
    expect(validActions('paid')).toEqual(['ship', 'refund']);
    expect(validActions('partially_refunded')).toEqual(['ship', 'refund']);
    expect(validActions('shipped')).toEqual(['deliver']);
    for (const status of ['delivered', 'cancelled', 'refunded', 'expired'] as const) expect(validActions(status)).toEqual([]);
  });
});
