import { mixHex } from '../scene/colour';

/** Keyframe animation as data and pure functions: what the timeline plays and the scene draws. */
export const DURATION = 4;
export const SPEEDS = [0.25, 0.5, 1, 1.5, 2] as const;

export const TRACKS = ['rotation', 'position', 'colour'] as const;
export type TrackName = (typeof TRACKS)[number];
export const TRACK_LABELS: Record<TrackName, string> = { rotation: 'Rotation', position: 'Position', colour: 'Colour' };

export type Vec3 = [number, number, number];
export interface Keyframe<T> {
  time: number;
  value: T;
}

const TAU = Math.PI * 2;
export const ROTATION_KEYS: Keyframe<Vec3>[] = [
  { time: 0, value: [0, 0, 0] },
  { time: 1, value: [0, TAU / 4, 0] },
  { time: 2, value: [Math.PI / 5, TAU / 2, 0] },
  { time: 3, value: [0, (3 * TAU) / 4, 0] },
  { time: 4, value: [0, TAU, 0] },
];
export const POSITION_KEYS: Keyframe<Vec3>[] = [
  { time: 0, value: [0, 0, 0] },
  { time: 1, value: [0, 1.2, 0] },
  { time: 2, value: [0, 0, 0] },
  { time: 3, value: [0, 0.5, 0] },
  { time: 4, value: [0, 0, 0] },
];
export const COLOUR_KEYS: Keyframe<string>[] = [
  { time: 0, value: '#1e88e5' },
  { time: 1.3, value: '#43a047' },
  { time: 2.7, value: '#e040fb' },
  { time: 4, value: '#1e88e5' },
];
export const TRACK_KEY_TIMES: Record<TrackName, number[]> = {
  rotation: ROTATION_KEYS.map((key) => key.time),
  position: POSITION_KEYS.map((key) => key.time),
  colour: COLOUR_KEYS.map((key) => key.time),
};

/** Ease in and out between two keyframes. */
export const smoothstep = (f: number) => f * f * (3 - 2 * f);

/** The two keyframes around `time` and how far between them it is (0..1, eased). */
export function segment<T>(keys: Keyframe<T>[], time: number): { from: T; to: T; amount: number } {
  const first = keys[0]!;
  const last = keys[keys.length - 1]!;
  if (time <= first.time) return { from: first.value, to: first.value, amount: 0 };
  if (time >= last.time) return { from: last.value, to: last.value, amount: 0 };
  const next = keys.findIndex((key) => key.time > time);
  const a = keys[next - 1]!;
  const b = keys[next]!;
  return { from: a.value, to: b.value, amount: smoothstep((time - a.time) / (b.time - a.time)) };
}

export function sampleVec3(keys: Keyframe<Vec3>[], time: number): Vec3 {
  const { from, to, amount } = segment(keys, time);
  return [0, 1, 2].map((i) => from[i]! + (to[i]! - from[i]!) * amount) as Vec3;
}

export function sampleColour(keys: Keyframe<string>[], time: number): string {
  const { from, to, amount } = segment(keys, time);
  return mixHex(from, to, amount);
}

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
