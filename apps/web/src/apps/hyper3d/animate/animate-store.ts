import { create } from 'zustand';
import { ANIMATED_FIGURES, type AnimatedFigure } from './animate-model';
import { advance, DURATION, SPEEDS, type TrackName } from './keyframes';

interface AnimateState {
  figures: AnimatedFigure[];
  selectedId: string | null;
  hoveredId: string | null;
  time: number;
  playing: boolean;
  speed: number;
  select: (id: string | null) => void;
  hover: (id: string | null) => void;
  setTrack: (id: string, track: TrackName, on: boolean) => void;
  play: () => void;
  pause: () => void;
  /** Moves the playhead (scrubbing); the time is kept within the timeline. */
  seek: (time: number) => void;
  setSpeed: (speed: number) => void;
  /** One frame: `delta` seconds of wall time. */
  tick: (delta: number) => void;
}

export const useAnimateStore = create<AnimateState>()((set, get) => ({
  figures: ANIMATED_FIGURES,
  selectedId: ANIMATED_FIGURES[0]!.id,
  hoveredId: null,
  time: 0,
  playing: true,
  speed: 1,
  select: (id) => set({ selectedId: id }),
  hover: (id) => set({ hoveredId: id }),
  setTrack: (id, track, on) =>
    set(({ figures }) => ({
      figures: figures.map((figure) => (figure.id === id ? { ...figure, tracks: { ...figure.tracks, [track]: on } } : figure)),
    })),
  play: () => set({ playing: true }),
  pause: () => set({ playing: false }),
  seek: (time) => set({ time: Number.isFinite(time) ? Math.min(DURATION, Math.max(0, time)) : 0 }),
  setSpeed: (speed) => set({ speed: (SPEEDS as readonly number[]).includes(speed) ? speed : 1 }),
  tick: (delta) => {
    const { playing, time, speed } = get();
    // A long pause between frames (a background tab) should not jump the animation.
    if (playing) set({ time: advance(time, Math.min(delta, 0.1) * speed) });
  },
}));
