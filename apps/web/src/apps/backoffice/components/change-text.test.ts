import { describe, expect, it } from 'vitest';
import { changeText } from './change-text';

describe('an audit row’s before and after, in short', () => {
  it('names only the fields that changed', () => {
    expect(changeText({ name: 'Mugs', position: 2 }, { name: 'Cups', position: 2 })).toBe('name: "Mugs" → "Cups"');
    expect(changeText({ stock: 3 }, { stock: 1, reason: 'refund' })).toBe('stock: 3 → 1; reason: — → "refund"');
    expect(changeText({ a: 1 }, { a: 1 })).toBe('no change');
  });
  it('shows a creation or a deletion whole', () => {
    expect(changeText(null, { name: 'Cups' })).toBe('— → {"name":"Cups"}');
    expect(changeText('paid', 'refunded')).toBe('"paid" → "refunded"');
  });
});
