import { create } from 'zustand';
import type { FigureKind } from '../figures/figure-model';
import {
  demoFigures,
  insertKey,
  keyIndexAt,
  MAX_ANIMATED_FIGURES,
  newFigure,
  removeKey,
  transformAt,
  type AnimatedFigure,
  type Pose,
} from './animate-model';
import { emptyHistory, record, redo, undo, type History } from '../history/history';
import { advance, DURATION, SPEEDS } from './keyframes';

export type GizmoMode = 'translate' | 'rotate' | 'scale';

interface AnimateState {
  figures: AnimatedFigure[];
  history: History<AnimatedFigure[]>;
  selectedId: string | null;
  hoveredId: string | null;
  time: number;
  playing: boolean;
  speed: number;
  gizmo: GizmoMode;
  /** A gizmo is being dragged: the scene leaves the selected mesh where the gizmo puts it. */
  dragging: boolean;
  setDragging: (dragging: boolean) => void;
  select: (id: string | null) => void;
  hover: (id: string | null) => void;
  setGizmo: (mode: GizmoMode) => void;
  play: () => void;
  pause: () => void;
  /** Moves the playhead (scrubbing); the time is kept within the timeline. */
  seek: (time: number) => void;
  setSpeed: (speed: number) => void;
  /** One frame: `delta` seconds of wall time. */
  tick: (delta: number) => void;
  // Commands: each can be undone and redone.
  addFigure: (kind: FigureKind) => void;
  removeFigure: (id: string) => void;
  /** Records the selected figure's pose at the playhead as a keyframe. */
  addKeyframe: () => void;
  removeKeyframe: () => void;
  /** Moves, turns, scales or colours a figure at the playhead; kept as a keyframe there. */
  transform: (id: string, changes: Partial<Pose>, label: string) => void;
  /** Replaces every figure (an imported file). */
  replaceAll: (figures: AnimatedFigure[], label: string) => void;
  undo: () => void;
  redo: () => void;
  /** Figures read back from the browser's storage: not a command, and the history starts afresh. */
  restore: (figures: AnimatedFigure[]) => void;
}

let counter = 0;
const newId = (figures: AnimatedFigure[]) => {
  let id: string;
  do id = `animated-${++counter}`;
  while (figures.some((figure) => figure.id === id));
  return id;
};

export const useAnimateStore = create<AnimateState>()((set, get) => {
  /** Applies a command: the new figures, with what was before kept for undo. */
  const command = (label: string, change: (figures: AnimatedFigure[]) => AnimatedFigure[], extra: Partial<AnimateState> = {}) => {
    const { figures, history } = get();
    const next = change(figures);
    if (next === figures) return;
    set({ figures: next, history: record(history, figures, label), ...extra });
  };
  const keepSelection = (figures: AnimatedFigure[], id: string | null) => (id && figures.some((f) => f.id === id) ? id : null);
  const step = (how: typeof undo) => {
    const { figures, history, selectedId } = get();
    const result = how(history, figures);
    if (result) set({ figures: result.state, history: result.history, selectedId: keepSelection(result.state, selectedId) });
  };
  const selectedName = () => get().figures.find((f) => f.id === get().selectedId)?.name ?? '';
  const mapSelected = (change: (figure: AnimatedFigure) => AnimatedFigure) => (figures: AnimatedFigure[]) => {
    const { selectedId } = get();
    const target = figures.find((figure) => figure.id === selectedId);
    if (!target) return figures;
    const changed = change(target);
    return changed === target ? figures : figures.map((figure) => (figure === target ? changed : figure));
  };

  return {
    figures: demoFigures(),
    history: emptyHistory(),
    selectedId: 'knot',
    hoveredId: null,
    time: 0,
    playing: true,
    speed: 1,
    gizmo: 'translate',
    dragging: false,
    setDragging: (dragging) => set({ dragging }),
    select: (id) => set(({ figures }) => ({ selectedId: keepSelection(figures, id) })),
    hover: (id) => set({ hoveredId: id }),
    setGizmo: (gizmo) => set({ gizmo }),
    play: () => set({ playing: true }),
    pause: () => set({ playing: false }),
    seek: (time) => set({ time: Number.isFinite(time) ? Math.min(DURATION, Math.max(0, time)) : 0 }),
    setSpeed: (speed) => set({ speed: (SPEEDS as readonly number[]).includes(speed) ? speed : 1 }),
    tick: (delta) => {
      const { playing, time, speed } = get();
      // A long pause between frames (a background tab) should not jump the animation.
      if (playing) set({ time: advance(time, Math.min(delta, 0.1) * speed) });
    },
    addFigure: (kind) => {
      const { figures } = get();
      if (figures.length >= MAX_ANIMATED_FIGURES) return;
      const figure = newFigure(figures, kind, newId(figures));
      command(`Add ${figure.name}`, () => [...figures, figure], { selectedId: figure.id });
    },
    removeFigure: (id) => {
      const name = get().figures.find((figure) => figure.id === id)?.name;
      if (!name) return;
      command(`Remove ${name}`, (figures) => figures.filter((figure) => figure.id !== id), {
        selectedId: get().selectedId === id ? null : get().selectedId,
        hoveredId: null,
      });
    },
    addKeyframe: () => {
      const { time } = get();
      command(
        `Add keyframe to ${selectedName()}`,
        mapSelected((figure) => (keyIndexAt(figure, time) >= 0 ? figure : insertKey(figure, time))),
      );
    },
    removeKeyframe: () => {
      const { time } = get();
      command(
        `Remove keyframe of ${selectedName()}`,
        mapSelected((figure) => removeKey(figure, time)),
      );
    },
    transform: (id, changes, label) => {
      const { time } = get();
      command(label, (figures) => figures.map((figure) => (figure.id === id ? transformAt(figure, time, changes) : figure)));
    },
    replaceAll: (figures, label) => command(label, () => figures, { selectedId: figures[0]?.id ?? null, hoveredId: null }),
    undo: () => step(undo),
    redo: () => step(redo),
    restore: (figures) =>
      set(({ selectedId }) => ({
        figures,
        history: emptyHistory(),
        selectedId: keepSelection(figures, selectedId),
        hoveredId: null,
      })),
  };
});
