import { create } from 'zustand';
import { emptyHistory, record, redo, undo, type History } from '../history/history';
import { UP_AXIS_LABELS, type UpAxis } from './model-setup';
import type { ModelStats } from './model-stats';

export interface ClipInfo {
  name: string;
  duration: number;
}

export const CLIP_SPEEDS = [0.25, 0.5, 1, 1.5, 2] as const;

/** The files of the model on show (the sample's, or those a person opened). */
export interface ModelSource {
  files: File[];
  sample: boolean;
}

/** What a change on this page changes, and an undo restores: the model opened and how it is shown. */
export interface ViewerSettings {
  source: ModelSource | null;
  upAxis: UpAxis;
  wireframe: boolean;
  grid: boolean;
  environment: boolean;
  environmentChosen: boolean;
}

export interface LoadedInfo {
  name: string;
  isSample: boolean;
  stats: ModelStats;
  extent: [number, number, number];
  upAxis: UpAxis;
  clips: ClipInfo[];
  missing: string[];
}

const onOff = (on: boolean) => (on ? 'on' : 'off');

interface ViewerState extends ViewerSettings {
  history: History<ViewerSettings>;
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
  clips: ClipInfo[];
  playing: Record<string, boolean>;
  missing: string[];
  speed: number;
  /** The browser draws without a graphics card (SwiftShader, llvmpipe …); null until the canvas says. */
  softwareRenderer: boolean | null;
  startLoading: (name: string) => void;
  setProgress: (progress: number | null, label: string) => void;
  /**
   * A model on show that no command opened: the sample at first (its source and up axis are taken),
   * or one an undo or redo brought back (the up axis stays as that step had it).
   */
  loaded: (model: LoadedInfo, source?: ModelSource) => void;
  /** A command: files a person opened are on show (with their format's usual up axis). */
  opened: (source: ModelSource, model: LoadedInfo) => void;
  /** A file that could not be opened: the model shown before stays, with the message. */
  failed: (message: string) => void;
  /** The page opens afresh: no model, no history (how it shows models is kept). */
  reset: () => void;
  dismissError: () => void;
  toggleClip: (name: string) => void;
  setSpeed: (speed: number) => void;
  // Commands: each can be undone and redone.
  setUpAxis: (up: UpAxis) => void;
  setWireframe: (on: boolean) => void;
  setGrid: (on: boolean) => void;
  setEnvironment: (on: boolean) => void;
  undo: () => void;
  redo: () => void;
  /** Once per page: without a graphics card, environment lighting starts off unless it was switched on. */
  detectedRenderer: (software: boolean) => void;
}

const settingsOf = ({ source, upAxis, wireframe, grid, environment, environmentChosen }: ViewerSettings): ViewerSettings => ({
  source,
  upAxis,
  wireframe,
  grid,
  environment,
  environmentChosen,
});

export const useViewerStore = create<ViewerState>()((set, get) => {
  const command = (label: string, changes: Partial<ViewerSettings>) => {
    const state = get();
    set({ ...changes, history: record(state.history, settingsOf(state), label) });
  };
  const step = (how: typeof undo) => {
    const state = get();
    const result = how(state.history, settingsOf(state));
    if (result) set({ ...result.state, history: result.history });
  };
  const shown = (model: LoadedInfo) => ({
    status: 'ready' as const,
    progress: null,
    progressLabel: '',
    modelName: model.name,
    isSample: model.isSample,
    stats: model.stats,
    extent: model.extent,
    clips: model.clips,
    missing: model.missing,
    // The sample greets the visitor with its first clip; opened models wait for Play.
    playing: model.isSample && model.clips.length > 0 ? { [model.clips[0]!.name]: true } : {},
  });
  return {
    history: emptyHistory(),
    source: null,
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
    loaded: (model, source) =>
      set(({ modelName }) => ({
        ...shown(model),
        ...(modelName === null ? { upAxis: model.upAxis, source: source ?? null } : {}),
      })),
    opened: (source, model) => {
      command(`Open ${model.name}`, { source, upAxis: model.upAxis });
      set(shown(model));
    },
    failed: (message) => set({ status: get().modelName ? 'ready' : 'idle', progress: null, progressLabel: '', error: message }),
    dismissError: () => set({ error: null }),
    reset: () =>
      set({
        history: emptyHistory(),
        source: null,
        status: 'idle',
        error: null,
        modelName: null,
        stats: null,
        extent: null,
        clips: [],
        playing: {},
        missing: [],
      }),
    toggleClip: (name) => set(({ playing }) => ({ playing: { ...playing, [name]: !playing[name] } })),
    setSpeed: (speed) => set({ speed: (CLIP_SPEEDS as readonly number[]).includes(speed) ? speed : 1 }),
    setUpAxis: (upAxis) => get().upAxis !== upAxis && command(UP_AXIS_LABELS[upAxis], { upAxis }),
    setWireframe: (wireframe) => command(`Wireframe ${onOff(wireframe)}`, { wireframe }),
    setGrid: (grid) => command(`Grid ${onOff(grid)}`, { grid }),
    setEnvironment: (environment) =>
      command(`Environment lighting ${onOff(environment)}`, { environment, environmentChosen: true }),
    undo: () => step(undo),
    redo: () => step(redo),
    detectedRenderer: (software) =>
      set(({ environment, environmentChosen }) => ({
        softwareRenderer: software,
        environment: environmentChosen ? environment : !software,
      })),
  };
});
