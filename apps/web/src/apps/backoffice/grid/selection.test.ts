import { describe, expect, it } from 'vitest';
import { selectedIds } from './selection';

describe('selected rows of a server-paged grid', () => {
  it('answers the chosen ids', () => {
    expect(selectedIds({ type: 'include', ids: new Set([3, 9]) }, [1, 3, 9])).toEqual([3, 9]);
  });
  it('reads "all but these" as the visible rows minus those', () => {
    expect(selectedIds({ type: 'exclude', ids: new Set([3]) }, [1, 3, 9])).toEqual([1, 9]);
    expect(selectedIds({ type: 'exclude', ids: new Set() }, [])).toEqual([]);
  });
});
