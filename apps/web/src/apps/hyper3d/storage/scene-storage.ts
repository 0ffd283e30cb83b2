import { get, set } from 'idb-keyval';
import { create } from 'zustand';
import { parseScene, serializeScene, type SceneFile, type SceneKind } from './scene-file';

type Figures<K extends SceneKind> = SceneFile<K>['figures'];
export type SaveState = 'idle' | 'restoring' | 'saving' | 'saved' | 'failed';

/** Whether each scene is kept in this browser yet: what the panels show beside the export buttons. */
export const useSaveStatus = create<Record<SceneKind, SaveState>>()(() => ({ studio: 'idle', animation: 'idle' }));

const SAVE_DELAY_MS = 250;
const keyOf = (kind: SceneKind) => `hyper3d:${kind}`;

interface Source<K extends SceneKind> {
  kind: K;
  /** The figures now, and a way to hear when they change. */
  current: () => Figures<K>;
  subscribe: (listener: () => void) => () => void;
  /** Puts figures read back from the browser in place (not a command: nothing to undo). */
  restore: (figures: Figures<K>) => void;
}

/**
 * Keeps a scene in IndexedDB: restored once when its page opens, then saved a moment after each change
 * (in the same format as an exported file). A stored scene that no longer reads is left aside.
 */
export function keepInBrowser<K extends SceneKind>({ kind, current, subscribe, restore }: Source<K>): () => void {
  const status = (state: SaveState) => useSaveStatus.setState({ [kind]: state } as Partial<Record<SceneKind, SaveState>>);
  if (typeof indexedDB === 'undefined') return () => {};
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = current();
  const save = () => {
    timer = undefined;
    set(keyOf(kind), serializeScene(kind, current()))
      .then(() => !stopped && !timer && status('saved'))
      .catch(() => status('failed'));
  };
  status('restoring');
  const untilRestored = get<string>(keyOf(kind))
    .then((text) => {
      if (stopped || typeof text !== 'string') return;
      const read = parseScene(kind, text);
      // A change made while the browser was still reading wins over what it read.
      if ('figures' in read && current() === last) {
        restore(read.figures);
        last = current();
      }
    })
    .catch(() => undefined)
    .finally(() => !stopped && status(timer ? 'saving' : 'saved'));
  const unsubscribe = subscribe(() => {
    const figures = current();
    if (figures === last) return;
    last = figures;
    status('saving');
    clearTimeout(timer);
    timer = setTimeout(() => void untilRestored.then(save), SAVE_DELAY_MS);
  });
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      save();
    }
  };
  window.addEventListener('pagehide', flush);
  return () => {
    flush();
    stopped = true;
    unsubscribe();
    window.removeEventListener('pagehide', flush);
  };
}
