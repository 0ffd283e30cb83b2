import { mixHex } from '../scene/colour';

/** The timeline's clock and easing, as pure functions: what the timeline plays and the scene draws. */
export const DURATION = 4;
export const SPEEDS = [0.25, 0.5, 1, 1.5, 2] as const;

export type Vec3 = [number, number, number];

/** Ease in and out between two keyframes. */
export const smoothstep = (f: number) => f * f * (3 - 2 * f);

/** The next time on a looping timeline. */
export function advance(time: number, delta: number, duration = DURATION): number {
  return (((time + delta) % duration) + duration) % duration;
}

/** Exponential easing of `current` towards `target`: frame-rate independent. */
export function approach(current: number, target: number, delta: number, rate = 9): number {
  const next = target + (current - target) * Math.exp(-rate * delta);
  return Math.abs(next - target) < 0.001 ? target : next;
}

export const HOVER_SCALE = 1.5;
export const HOVER_COLOUR = '#ffd600';

/** Under the pointer a figure grows to 1.5× and turns yellow; `weight` eases from 0 to 1 and back. */
export function hoverLook(colour: string, weight: number): { scale: number; colour: string } {
  return { scale: 1 + (HOVER_SCALE - 1) * weight, colour: mixHex(colour, HOVER_COLOUR, weight) };
}
