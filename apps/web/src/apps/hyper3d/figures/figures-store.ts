import { create } from 'zustand';
import { emptyHistory, record, redo, undo, type History } from '../history/history';
import { isHexColor } from '../scene/colour';
import { clampSize, createFigure, MAX_FIGURES, type Figure, type FigureKind, type MaterialKind } from './figure-model';

export interface FigureChanges {
  color?: string;
  material?: MaterialKind;
  size?: number;
}

interface FiguresState {
  figures: Figure[];
  history: History<Figure[]>;
  selectedId: string | null;
  hoveredId: string | null;
  select: (id: string | null) => void;
  hover: (id: string | null) => void;
  // Commands: each can be undone and redone.
  add: (kind: FigureKind) => void;
  remove: (id: string) => void;
  update: (id: string, changes: FigureChanges) => void;
  reset: () => void;
  /** Puts the figures of an imported file in place of the scene. */
  replaceAll: (figures: Figure[], label: string) => void;
  undo: () => void;
  redo: () => void;
  /** Figures read back from this browser: not a command, and the history starts afresh. */
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

const WHAT: Record<keyof FigureChanges, string> = { color: 'Colour', material: 'Material', size: 'Size' };

export const useFiguresStore = create<FiguresState>()((set, get) => {
  const keep = (figures: Figure[], id: string | null) => (id && figures.some((f) => f.id === id) ? id : null);
  const command = (label: string, next: Figure[], extra: Partial<FiguresState> = {}, merge?: { key: string; at: number }) => {
    const { figures, history } = get();
    if (next === figures) return;
    set({ figures: next, history: record(history, figures, label, merge), ...extra });
  };
  const step = (how: typeof undo) => {
    const { figures, history, selectedId } = get();
    const result = how(history, figures);
    if (result)
      set({ figures: result.state, history: result.history, selectedId: keep(result.state, selectedId), hoveredId: null });
  };
  return {
    figures: initialFigures(),
    history: emptyHistory(),
    selectedId: null,
    hoveredId: null,
    select: (id) => set(({ figures }) => ({ selectedId: keep(figures, id) })),
    hover: (id) => set({ hoveredId: id }),
    add: (kind) => {
      const { figures } = get();
      if (figures.length >= MAX_FIGURES) return;
      const figure = createFigure(figures, kind, newId(figures));
      command(`Add ${figure.name}`, [...figures, figure], { selectedId: figure.id });
    },
    remove: (id) => {
      const { figures, selectedId, hoveredId } = get();
      const figure = figures.find((f) => f.id === id);
      if (!figure) return;
      command(
        `Remove ${figure.name}`,
        figures.filter((f) => f.id !== id),
        { selectedId: selectedId === id ? null : selectedId, hoveredId: hoveredId === id ? null : hoveredId },
      );
    },
    update: (id, changes) => {
      const { figures } = get();
      const figure = figures.find((f) => f.id === id);
      if (!figure) return;
      const changed: Figure = {
        ...figure,
        ...(changes.color !== undefined && isHexColor(changes.color) ? { color: changes.color.toLowerCase() } : {}),
        ...(changes.material ? { material: changes.material } : {}),
        ...(changes.size !== undefined ? { size: clampSize(changes.size) } : {}),
      };
      const field = (Object.keys(changes) as (keyof FigureChanges)[]).find((key) => changed[key] !== figure[key]);
      if (!field) return;
      // A colour picked or a size dragged is one step to undo, however many values it passed through.
      command(
        `${WHAT[field]} of ${figure.name}`,
        figures.map((f) => (f.id === id ? changed : f)),
        {},
        { key: `${id}:${field}`, at: Date.now() },
      );
    },
    reset: () => command('Reset the scene', initialFigures(), { selectedId: null, hoveredId: null }),
    replaceAll: (figures, label) => command(label, figures, { selectedId: null, hoveredId: null }),
    undo: () => step(undo),
    redo: () => step(redo),
    restore: (figures) => set({ figures, history: emptyHistory(), selectedId: null, hoveredId: null }),
  };
});
