import { describe, expect, it } from 'vitest';
import { mixHex } from '../scene/colour';
import { clampSize, createFigure, displayColor, nextName, nextSlot, SELECTED_COLOR, SLOTS, type Figure } from './figure-model';

const figure = (overrides: Partial<Figure> = {}): Figure => ({
  id: 'a',
  kind: 'cube',
  name: 'Cube',
  color: '#1e88e5',
  material: 'standard',
  size: 1,
  x: 0,
  z: 0,
  ...overrides,
});

describe('figure model', () => {
  it('places new figures on the first free slot', () => {
    expect(nextSlot([])).toEqual([0, 0]);
    expect(nextSlot([figure()])).toEqual(SLOTS[1]);
    const [x, z] = SLOTS[1]!;
    expect(nextSlot([figure(), figure({ id: 'b', x, z })])).toEqual(SLOTS[2]);
  });

  it('gives every figure a distinct name', () => {
    const first = createFigure([], 'sphere', 'one');
    const second = createFigure([first], 'sphere', 'two');
    expect([first.name, second.name]).toEqual(['Sphere', 'Sphere 2']);
    expect(nextName([first, second], 'sphere')).toBe('Sphere 3');
    expect(second).toMatchObject({ material: 'standard', size: 1 });
  });

  it('keeps sizes within range, in tenths', () => {
    expect(clampSize(0.1)).toBe(0.5);
    expect(clampSize(7)).toBe(2);
    expect(clampSize(1.234)).toBe(1.2);
    expect(clampSize(Number.NaN)).toBe(1);
  });

  it('draws the selected figure red and a hovered one lighter', () => {
    expect(displayColor(figure(), { selected: true, hovered: true })).toBe(SELECTED_COLOR);
    expect(displayColor(figure(), { selected: false, hovered: false })).toBe('#1e88e5');
    expect(displayColor(figure(), { selected: false, hovered: true })).toBe(mixHex('#1e88e5', '#ffffff', 0.35));
  });
});
