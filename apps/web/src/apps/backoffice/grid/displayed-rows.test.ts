import { describe, expect, it } from 'vitest';
import { displayedRows } from './server-grid';

describe("the grid footer's count", () => {
  it('shows a known count, the list cap past it, and a search count cap past that', () => {
    expect(displayedRows({ from: 1, to: 25, count: 300 })).toBe('1–25 of 300');
    expect(displayedRows({ from: 26, to: 50, count: -1 })).toBe('26–50 of 10,000+');
    expect(displayedRows({ from: 26, to: 50, count: -1 }, 1000)).toBe('26–50 of 1,000+');
  });
});
