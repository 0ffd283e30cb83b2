import { describe, expect, it } from 'vitest';
import { HALF_HEIGHT } from '../figures/figure-model';
import { ANIMATED_FIGURES, poseAt } from './animate-model';
import {
  advance,
  approach,
  COLOUR_KEYS,
  hoverLook,
  HOVER_COLOUR,
  POSITION_KEYS,
  sampleColour,
  sampleVec3,
  segment,
} from './keyframes';

describe('keyframes', () => {
  it('samples on the keys and eases between them', () => {
    expect(sampleVec3(POSITION_KEYS, 1)).toEqual([0, 1.2, 0]);
    expect(sampleVec3(POSITION_KEYS, 0.5)[1]).toBeCloseTo(0.6);
    expect(sampleVec3(POSITION_KEYS, 0.25)[1]).toBeLessThan(0.3); // eased in: slower than linear at the start
    expect(segment(POSITION_KEYS, -1).amount).toBe(0);
    expect(sampleVec3(POSITION_KEYS, 99)).toEqual([0, 0, 0]);
  });

  it('mixes colours between keys', () => {
    expect(sampleColour(COLOUR_KEYS, 0)).toBe('#1e88e5');
    expect(sampleColour(COLOUR_KEYS, 1.3)).toBe('#43a047');
    expect(sampleColour(COLOUR_KEYS, 0.65)).not.toBe('#1e88e5');
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

  it('poses a figure with only its enabled tracks', () => {
    const knot = ANIMATED_FIGURES[0]!;
    const still = { ...knot, tracks: { rotation: false, position: false, colour: false } };
    expect(poseAt(still, 1)).toEqual({
      position: [knot.x, HALF_HEIGHT.torusKnot, 0],
      rotation: [0, 0, 0],
      colour: knot.colour,
      scale: 1,
    });
    const moving = poseAt(knot, 1);
    expect(moving.position[1]).toBeCloseTo(HALF_HEIGHT.torusKnot + 1.2);
    expect(moving.rotation[1]).toBeCloseTo(Math.PI / 2);
    expect(moving.colour).not.toBe(knot.colour);
    expect(poseAt(still, 0, 1.5).position[1]).toBeCloseTo(HALF_HEIGHT.torusKnot * 1.5);
  });
});
