import { FIGURE_LABELS, HALF_HEIGHT, type FigureKind } from '../figures/figure-model';
import { mixHex } from '../scene/colour';
import { smoothstep, type Vec3 } from './keyframes';

/** Where a figure is, how it is turned and scaled (Euler radians, per axis), and its colour. */
export interface Pose {
  position: Vec3;
  rotation: Vec3;
  scale: Vec3;
  colour: string;
}
export interface PoseKey extends Pose {
  time: number;
}

/** A figure of the animation: its keyframes, sorted by time; there is always at least one. */
export interface AnimatedFigure {
  id: string;
  kind: FigureKind;
  name: string;
  keys: PoseKey[];
}

export const MAX_ANIMATED_FIGURES = 12;
export const MAX_KEYS = 200;
/** Two keyframes closer than this are the same one (a hundredth of a second, the slider's step). */
export const KEY_EPSILON = 0.005;

const TAU = Math.PI * 2;
const pose = (time: number, position: Vec3, rotation: Vec3, colour: string): PoseKey => ({
  time,
  position,
  rotation,
  scale: [1, 1, 1],
  colour,
});

/** The scene a visitor first sees: four figures, each showing one kind of keyframed change. */
export function demoFigures(): AnimatedFigure[] {
  const y = (kind: FigureKind, lift = 0) => HALF_HEIGHT[kind] + lift;
  return [
    {
      id: 'knot',
      kind: 'torusKnot',
      name: 'Torus knot',
      keys: [
        pose(0, [-3.3, y('torusKnot'), 0], [0, 0, 0], '#1e88e5'),
        pose(1, [-3.3, y('torusKnot', 1.2), 0], [0, TAU / 4, 0], '#43a047'),
        pose(2, [-3.3, y('torusKnot'), 0], [Math.PI / 5, TAU / 2, 0], '#e040fb'),
        pose(3, [-3.3, y('torusKnot', 0.5), 0], [0, (3 * TAU) / 4, 0], '#8e6cf0'),
        pose(4, [-3.3, y('torusKnot'), 0], [0, TAU, 0], '#1e88e5'),
      ],
    },
    {
      id: 'cube',
      kind: 'cube',
      name: 'Cube',
      keys: [0, 1, 2, 3, 4].map((t) => pose(t, [-1.1, y('cube'), 0], [t === 2 ? Math.PI / 5 : 0, (TAU / 4) * t, 0], '#43a047')),
    },
    {
      id: 'cone',
      kind: 'cone',
      name: 'Cone',
      keys: [0, 1.2, 0, 0.5, 0].map((lift, t) => pose(t, [1.1, y('cone', lift), 0], [0, 0, 0], '#fb8c00')),
    },
    {
      id: 'gem',
      kind: 'icosahedron',
      name: 'Icosahedron',
      keys: (
        [
          [0, '#1e88e5'],
          [1.3, '#43a047'],
          [2.7, '#e040fb'],
          [4, '#1e88e5'],
        ] as const
      ).map(([t, colour]) => pose(t, [3.3, y('icosahedron'), 0], [0, 0, 0], colour)),
    },
  ];
}

const mix = (a: Vec3, b: Vec3, amount: number) => a.map((value, i) => value + (b[i]! - value) * amount) as Vec3;

/** The figure's pose at `time`: eased between the keyframes around it, held before the first and after the last. */
export function poseAt(figure: AnimatedFigure, time: number): Pose {
  const { keys } = figure;
  const next = keys.findIndex((key) => key.time > time);
  const a = keys[next <= 0 ? (next === 0 ? 0 : keys.length - 1) : next - 1]!;
  const b = next <= 0 ? a : keys[next]!;
  const amount = a === b ? 0 : smoothstep((time - a.time) / (b.time - a.time));
  return {
    position: mix(a.position, b.position, amount),
    rotation: mix(a.rotation, b.rotation, amount),
    scale: mix(a.scale, b.scale, amount),
    colour: mixHex(a.colour, b.colour, amount),
  };
}

export const keyIndexAt = (figure: AnimatedFigure, time: number) =>
  figure.keys.findIndex((key) => Math.abs(key.time - time) < KEY_EPSILON);

/** Writes a keyframe at `time`: the one already there is replaced, otherwise one is inserted in order. */
export function setKey(figure: AnimatedFigure, time: number, value: Pose): AnimatedFigure {
  const at = keyIndexAt(figure, time);
  const key: PoseKey = { ...value, time: at >= 0 ? figure.keys[at]!.time : round(time) };
  const keys = at >= 0 ? figure.keys.map((old, i) => (i === at ? key : old)) : [...figure.keys, key];
  return { ...figure, keys: keys.sort((p, q) => p.time - q.time).slice(0, MAX_KEYS) };
}

/** Records the pose the figure has at `time` as a keyframe there (what "Add keyframe" does). */
export const insertKey = (figure: AnimatedFigure, time: number) => setKey(figure, time, poseAt(figure, time));

/** Changes part of the figure's pose at `time`; the change is kept as a keyframe at that time. */
export function transformAt(figure: AnimatedFigure, time: number, changes: Partial<Pose>): AnimatedFigure {
  return setKey(figure, time, { ...poseAt(figure, time), ...changes });
}

/** Removes the keyframe at `time`; the last keyframe of a figure stays. */
export function removeKey(figure: AnimatedFigure, time: number): AnimatedFigure {
  const at = keyIndexAt(figure, time);
  if (at < 0 || figure.keys.length <= 1) return figure;
  return { ...figure, keys: figure.keys.filter((_, i) => i !== at) };
}

const PALETTE = ['#1e88e5', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#fdd835', '#6d4c41', '#3949ab'];

/** A new figure, standing still (one keyframe) on a free spot along the row, with a distinct name. */
export function newFigure(figures: AnimatedFigure[], kind: FigureKind, id: string): AnimatedFigure {
  const names = new Set(figures.map((figure) => figure.name));
  let name = FIGURE_LABELS[kind];
  for (let n = 2; names.has(name); n++) name = `${FIGURE_LABELS[kind]} ${n}`;
  const taken = figures.map((figure) => figure.keys[0]!.position);
  const spots = [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6].map((i) => i * 1.1);
  const x = spots.find((spot) => !taken.some(([px, , pz]) => Math.abs(px - spot) < 0.5 && Math.abs(pz - 2) < 0.5)) ?? 0;
  return { id, kind, name, keys: [pose(0, [x, HALF_HEIGHT[kind], 2], [0, 0, 0], PALETTE[figures.length % PALETTE.length]!)] };
}

const round = (value: number) => Math.round(value * 100) / 100;
