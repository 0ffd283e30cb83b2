import { create } from 'zustand';
import type { UpAxis } from './model-setup';
import type { ModelStats } from './model-stats';

export interface ClipInfo {
  name: string;
  duration: number;
}

export const CLIP_SPEEDS = [0.25, 0.5, 1, 1.5, 2] as const;

interface ViewerState {
  status: 'idle' | 'loading' | 'ready';
  /** 0..1, or null while the amount is unknown. */
  progress: number | null;
  progressLabel: string;
  error: string | null;
  modelName: string | null;
  isSample: boolean;
  stats: ModelStats | null;
  /** The model's width, height and depth as read from the file (Y-up). */
  extent: [number, number, number] | null;
  upAxis: UpAxis;
  clips: ClipInfo[];
  playing: Record<string, boolean>;
  missing: string[];
  speed: number;
  wireframe: boolean;
  grid: boolean;
  /** Image-based lighting from a procedural room (seconds of work without a graphics card). */
  environment: boolean;
  /** The browser draws without a graphics card (SwiftShader, llvmpipe …); null until the canvas says. */
  softwareRenderer: boolean | null;
  environmentChosen: boolean;
  startLoading: (name: string) => void;
  setProgress: (progress: number | null, label: string) => void;
  loaded: (model: {
    name: string;
    isSample: boolean;
    stats: ModelStats;
    extent: [number, number, number];
    upAxis: UpAxis;
    clips: ClipInfo[];
    missing: string[];
  }) => void;
  /** A file that could not be opened: the model shown before stays, with the message. */
  failed: (message: string) => void;
  dismissError: () => void;
  toggleClip: (name: string) => void;
  setUpAxis: (up: UpAxis) => void;
  setSpeed: (speed: number) => void;
  setWireframe: (on: boolean) => void;
  setGrid: (on: boolean) => void;
  setEnvironment: (on: boolean) => void;
  /** Once per page: without a graphics card, environment lighting starts off unless it was switched on. */
  detectedRenderer: (software: boolean) => void;
}

export const useViewerStore = create<ViewerState>()((set, get) => ({
  status: 'idle',
  progress: null,
  progressLabel: '',
  error: null,
  modelName: null,
  isSample: false,
  stats: null,
  extent: null,
  upAxis: 'y',
  clips: [],
  playing: {},
  missing: [],
  speed: 1,
  wireframe: false,
  grid: true,
  environment: true,
  softwareRenderer: null,
  environmentChosen: false,
  startLoading: (name) => set({ status: 'loading', progress: null, progressLabel: `Opening ${name}`, error: null }),
  setProgress: (progress, progressLabel) => set({ progress, progressLabel }),
  loaded: ({ name, isSample, stats, extent, upAxis, clips, missing }) =>
    set({
      status: 'ready',
      progress: null,
      progressLabel: '',
      modelName: name,
      isSample,
      stats,
      extent,
      upAxis,
      clips,
      missing,
      // The sample greets the visitor with its first clip; opened models wait for Play.
      playing: isSample && clips.length > 0 ? { [clips[0]!.name]: true } : {},
    }),
  failed: (message) => set({ status: get().modelName ? 'ready' : 'idle', progress: null, progressLabel: '', error: message }),
  dismissError: () => set({ error: null }),
  toggleClip: (name) => set(({ playing }) => ({ playing: { ...playing, [name]: !playing[name] } })),
  setUpAxis: (upAxis) => set({ upAxis }),
  setSpeed: (speed) => set({ speed: (CLIP_SPEEDS as readonly number[]).includes(speed) ? speed : 1 }),
  setWireframe: (wireframe) => set({ wireframe }),
  setGrid: (grid) => set({ grid }),
  setEnvironment: (environment) => set({ environment, environmentChosen: true }),
  detectedRenderer: (software) =>
    set(({ environment, environmentChosen }) => ({
      softwareRenderer: software,
      environment: environmentChosen ? environment : !software,
    })),
}));
