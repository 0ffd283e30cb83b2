import { create } from 'zustand';
import { isHexColor } from '../scene/colour';
import { clampSize, createFigure, MAX_FIGURES, type Figure, type FigureKind, type MaterialKind } from './figure-model';

export interface FigureChanges {
  color?: string;
  material?: MaterialKind;
  size?: number;
}

interface FiguresState {
  figures: Figure[];
  selectedId: string | null;
  hoveredId: string | null;
  add: (kind: FigureKind) => void;
  remove: (id: string) => void;
  select: (id: string | null) => void;
  hover: (id: string | null) => void;
  update: (id: string, changes: FigureChanges) => void;
  reset: () => void;
  /** Puts figures read from a file or from this browser in place of the scene. */
  restore: (figures: Figure[]) => void;
}

const START: FigureKind[] = ['torusKnot', 'cube', 'sphere', 'torus', 'cone', 'cylinder'];

let counter = 0;
const newId = (figures: Figure[] = []) => {
  let id: string;
  do id = `figure-${++counter}`;
  while (figures.some((figure) => figure.id === id));
  return id;
};

/** The scene a visitor first sees: a torus knot in the middle, five figures around it. */
export function initialFigures(): Figure[] {
  return START.reduce<Figure[]>((figures, kind) => [...figures, createFigure(figures, kind, newId())], []);
}

export const useFiguresStore = create<FiguresState>()((set, get) => ({
  figures: initialFigures(),
  selectedId: null,
  hoveredId: null,
  add: (kind) => {
    const { figures } = get();
    if (figures.length >= MAX_FIGURES) return;
    const figure = createFigure(figures, kind, newId(figures));
    set({ figures: [...figures, figure], selectedId: figure.id });
  },
  remove: (id) =>
    set(({ figures, selectedId, hoveredId }) => ({
      figures: figures.filter((figure) => figure.id !== id),
      selectedId: selectedId === id ? null : selectedId,
      hoveredId: hoveredId === id ? null : hoveredId,
    })),
  select: (id) => set(({ figures }) => ({ selectedId: id && figures.some((f) => f.id === id) ? id : null })),
  hover: (id) => set({ hoveredId: id }),
  update: (id, changes) =>
    set(({ figures }) => ({
      figures: figures.map((figure) => {
        if (figure.id !== id) return figure;
        return {
          ...figure,
          ...(changes.color !== undefined && isHexColor(changes.color) ? { color: changes.color.toLowerCase() } : {}),
          ...(changes.material ? { material: changes.material } : {}),
          ...(changes.size !== undefined ? { size: clampSize(changes.size) } : {}),
        };
      }),
    })),
  reset: () => set({ figures: initialFigures(), selectedId: null, hoveredId: null }),
  restore: (figures) => set({ figures, selectedId: null, hoveredId: null }),
}));
