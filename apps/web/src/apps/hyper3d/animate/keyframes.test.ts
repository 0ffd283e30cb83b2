import { describe, expect, it } from 'vitest';
import { HALF_HEIGHT } from '../figures/figure-model';
import {
  demoFigures,
  insertKey,
  keyIndexAt,
  newFigure,
  poseAt,
  removeKey,
  setKey,
  transformAt,
  type AnimatedFigure,
} from './animate-model';
import { advance, approach, hoverLook, HOVER_COLOUR } from './keyframes';

const cone = () => demoFigures().find((figure) => figure.id === 'cone')!;
const still = (): AnimatedFigure => newFigure([], 'cube', 'c');

describe('keyframes', () => {
  it('samples on the keys, eases between them and holds before the first and after the last', () => {
    const figure = cone();
    expect(poseAt(figure, 1).position[1]).toBeCloseTo(HALF_HEIGHT.cone + 1.2);
    expect(poseAt(figure, 0.5).position[1]).toBeCloseTo(HALF_HEIGHT.cone + 0.6);
    expect(poseAt(figure, 0.25).position[1]).toBeLessThan(HALF_HEIGHT.cone + 0.3); // eased in
    expect(poseAt(figure, -1)).toEqual(poseAt(figure, 0));
    expect(poseAt(figure, 99)).toEqual(poseAt(figure, 4));
    const gem = demoFigures().find((figure) => figure.id === 'gem')!;
    expect(poseAt(gem, 1.3).colour).toBe('#43a047');
    expect(poseAt(gem, 0.65).colour).not.toBe('#1e88e5');
  });

  it('inserts a keyframe at the playhead in time order, holding the pose there', () => {
    const figure = cone();
    const before = poseAt(figure, 0.5);
    const keyed = insertKey(figure, 0.5);
    expect(keyed.keys.map((key) => key.time)).toEqual([0, 0.5, 1, 2, 3, 4]);
    expect(poseAt(keyed, 0.5)).toEqual(before);
    expect(figure.keys).toHaveLength(5); // the figure itself is left as it was
  });

  it('changes the keyframe at the playhead, or adds one there, when the figure is moved', () => {
    const figure = still();
    const moved = transformAt(figure, 2, { position: [1, 2, 3] });
    expect(moved.keys.map((key) => key.time)).toEqual([0, 2]);
    expect(poseAt(moved, 2).position).toEqual([1, 2, 3]);
    expect(poseAt(moved, 0).position).toEqual(figure.keys[0]!.position);
    // Within a hundredth of a second it is the same keyframe.
    const again = transformAt(moved, 2.004, { scale: [2, 2, 2] });
    expect(again.keys).toHaveLength(2);
    expect(poseAt(again, 2)).toMatchObject({ position: [1, 2, 3], scale: [2, 2, 2] });
    expect(keyIndexAt(again, 2.004)).toBe(1);
    expect(setKey(again, 1, poseAt(again, 1)).keys.map((key) => key.time)).toEqual([0, 1, 2]);
  });

  it('removes a keyframe but never the last one', () => {
    const keyed = insertKey(still(), 1);
    expect(removeKey(keyed, 1).keys).toHaveLength(1);
    const single = still();
    expect(removeKey(single, 0)).toBe(single);
  });

  it('names and places new figures apart', () => {
    const first = newFigure([], 'cube', 'a');
    const second = newFigure([first], 'cube', 'b');
    expect([first.name, second.name]).toEqual(['Cube', 'Cube 2']);
    expect(first.keys[0]!.position).not.toEqual(second.keys[0]!.position);
    expect(first.keys[0]!.position[1]).toBe(HALF_HEIGHT.cube);
  });

  it('loops the timeline', () => {
    expect(advance(3.5, 1, 4)).toBeCloseTo(0.5);
    expect(advance(0.5, -1, 4)).toBeCloseTo(3.5);
  });

  it('eases towards a target whatever the frame rate, and settles', () => {
    const oneStep = approach(0, 1, 0.1);
    let twoSteps = approach(0, 1, 0.05);
    twoSteps = approach(twoSteps, 1, 0.05);
    expect(oneStep).toBeCloseTo(twoSteps, 6);
    expect(approach(0.9995, 1, 0.016)).toBe(1);
  });

  it('grows to 1.5× and turns yellow under the pointer', () => {
    expect(hoverLook('#1e88e5', 0)).toEqual({ scale: 1, colour: '#1e88e5' });
    expect(hoverLook('#1e88e5', 1)).toEqual({ scale: 1.5, colour: HOVER_COLOUR });
  });
});
