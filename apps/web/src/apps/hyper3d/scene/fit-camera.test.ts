import { describe, expect, it } from 'vitest';
import { fittedFov } from './fit-camera';

describe('fittedFov', () => {
  it('keeps the field of view on wide views and widens it on narrow ones', () => {
    expect(fittedFov(45, 16 / 9)).toBe(45);
    const portrait = fittedFov(45, 0.6);
    expect(portrait).toBeGreaterThan(45);
    // The horizontal extent stays that of a 1.3 aspect at 45°.
    expect(Math.tan((portrait * Math.PI) / 360) * 0.6).toBeCloseTo(Math.tan((45 * Math.PI) / 360) * 1.3);
  });
});
