import { mixHex } from '../scene/colour';

/** The figures scene as plain data: what the panel edits and the 3D scene draws. No WebGL here. */
export const FIGURE_KINDS = ['cube', 'sphere', 'torus', 'cone', 'cylinder', 'torusKnot', 'icosahedron'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

export const FIGURE_LABELS: Record<FigureKind, string> = {
  cube: 'Cube',
  sphere: 'Sphere',
  torus: 'Torus',
  cone: 'Cone',
  cylinder: 'Cylinder',
  torusKnot: 'Torus knot',
  icosahedron: 'Icosahedron',
};

/** Half the height of each figure at size 1, so that it rests on the ground. */
export const HALF_HEIGHT: Record<FigureKind, number> = {
  cube: 0.5,
  sphere: 0.6,
  torus: 0.7,
  cone: 0.6,
  cylinder: 0.6,
  torusKnot: 0.8,
  icosahedron: 0.65,
};

export const MATERIAL_KINDS = ['standard', 'wireframe', 'normal'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];
export const MATERIAL_LABELS: Record<MaterialKind, string> = { standard: 'Standard', wireframe: 'Wireframe', normal: 'Normal' };

export const MIN_SIZE = 0.5;
export const MAX_SIZE = 2;
export const SELECTED_COLOR = '#e53935';
export const MAX_FIGURES = 12;

export interface Figure {
  id: string;
  kind: FigureKind;
  name: string;
  color: string;
  material: MaterialKind;
  size: number;
  /** Position on the ground (x, z); the height follows from the kind and size. */
  x: number;
  z: number;
}

const PALETTE = ['#1e88e5', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#fdd835', '#6d4c41', '#3949ab'];

const round = (value: number) => Math.round(value * 1000) / 1000;

const RING_ORDER = [0, 4, 2, 6, 1, 5, 3, 7];

/** Places on the ground: the centre, then a ring of eight, then an outer ring. */
export const SLOTS: [number, number][] = [
  [0, 0],
  // Opposite sides first, so that a few figures already spread around the centre.
  ...RING_ORDER.map((i) => ringSlot(i, 8, 3.2)),
  ...RING_ORDER.map((i) => ringSlot(i + 0.5, 8, 5.6)),
];

function ringSlot(i: number, count: number, radius: number): [number, number] {
  const angle = (i / count) * Math.PI * 2 + Math.PI / 2;
  return [round(Math.cos(angle) * radius), round(Math.sin(angle) * radius)];
}

/** The first free slot; when every slot is taken, the last one. */
export function nextSlot(figures: Figure[]): [number, number] {
  const taken = new Set(figures.map((figure) => `${figure.x},${figure.z}`));
  return SLOTS.find(([x, z]) => !taken.has(`${x},${z}`)) ?? SLOTS[SLOTS.length - 1]!;
}

/** "Cube", then "Cube 2", "Cube 3" … so that every figure has a distinct name in the panel. */
export function nextName(figures: Figure[], kind: FigureKind): string {
  const base = FIGURE_LABELS[kind];
  const names = new Set(figures.map((figure) => figure.name));
  if (!names.has(base)) return base;
  let n = 2;
  while (names.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

export function createFigure(figures: Figure[], kind: FigureKind, id: string): Figure {
  const [x, z] = nextSlot(figures);
  return {
    id,
    kind,
    name: nextName(figures, kind),
    color: PALETTE[figures.length % PALETTE.length]!,
    material: 'standard',
    size: 1,
    x,
    z,
  };
}

export function clampSize(size: number): number {
  if (!Number.isFinite(size)) return 1;
  return Math.min(MAX_SIZE, Math.max(MIN_SIZE, Math.round(size * 10) / 10));
}

/** The colour a figure is drawn with: red when selected, lighter when the pointer is over it. */
export function displayColor(figure: Figure, state: { selected: boolean; hovered: boolean }): string {
  if (state.selected) return SELECTED_COLOR;
  return state.hovered ? mixHex(figure.color, '#ffffff', 0.35) : figure.color;
}
