import type { Random } from '../../../../core/seeded-random.js';
import type { Scene, SketchPlan } from './sketch-prompt.js';

const hex = (value: number) =>
  Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, '0');

const channels = (colour: string) =>
  [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16)) as [number, number, number];

/** Mixes a colour with white (amount > 0) or black (amount < 0). */
export function shade(colour: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const weight = Math.abs(amount);
  return `#${channels(colour)
    .map((channel) => hex(channel + (target - channel) * weight))
    .join('')}`;
}

export function fromHsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (k: number) => {
    const position = (k + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(position - 3, 9 - position, 1));
  };
  return `#${hex(f(0) * 255)}${hex(f(8) * 255)}${hex(f(4) * 255)}`;
}

/** The colours of a picture: those the prompt names first, then a harmony seeded by the prompt. */
export function paletteFor(plan: SketchPlan, random: Random): string[] {
  const base = random.between(0, 360);
  const offsets = random.pick([
    [0, 30, 180, 210],
    [0, 120, 240, 60],
    [0, 150, 210, 30],
    [0, 20, 40, 200],
  ]);
  const seeded = offsets.map((offset, index) => fromHsl((base + offset) % 360, 0.65 + index * 0.05, 0.5 + (index % 2) * 0.12));
  return [...new Set([...plan.colours, ...seeded])];
}

const SCENE_SKIES: Record<Scene, [string, string]> = {
  night: ['#0b1026', '#2a3470'],
  sunset: ['#3a1c71', '#ff8a5c'],
  day: ['#3d8bfd', '#cfe9ff'],
  winter: ['#9fb8cf', '#eef4fa'],
  desert: ['#f4a259', '#fde7c2'],
  underwater: ['#48cae4', '#03045e'],
};

/** Top and bottom colours of the background. */
export function backgroundFor(plan: SketchPlan, palette: string[], landscape: boolean): [string, string] {
  if (plan.sky) return [shade(plan.sky, -0.2), shade(plan.sky, 0.45)];
  if (plan.scene) return SCENE_SKIES[plan.scene];
  if (landscape) return SCENE_SKIES.day;
  return [shade(palette.at(-1)!, 0.75), shade(palette.at(-2)!, 0.45)];
}

const SCENE_GROUNDS: Record<Scene, string> = {
  night: '#1f3324',
  sunset: '#4b3b47',
  day: '#6abf69',
  winter: '#f3f7fb',
  desert: '#e9c46a',
  underwater: '#0b3d5c',
};

export function groundFor(plan: SketchPlan): string {
  if (plan.ground) return plan.ground;
  if (plan.subjects.some((subject) => subject.kind === 'snow')) return plan.scene === 'night' ? '#aab6c8' : SCENE_GROUNDS.winter;
  return SCENE_GROUNDS[plan.scene ?? 'day'];
}
