import { get, set } from 'idb-keyval';
import { create } from 'zustand';
import { parseScene, serializeScene, type SceneFile, type SceneKind } from './scene-file';

type Figures<K extends SceneKind> = SceneFile<K>['figures'];
export type SaveState = 'idle' | 'restoring' | 'saving' | 'saved' | 'failed';
/** What a page keeps in this browser: the studio's figures, the animation, the editor's scene. */
export type KeptKind = SceneKind | 'editor';

/** Whether each scene is kept in this browser yet: what the panels show beside the export buttons. */
export const useSaveStatus = create<Record<KeptKind, SaveState>>()(() => ({ studio: 'idle', animation: 'idle', editor: 'idle' }));

const SAVE_DELAY_MS = 250;
const keyOf = (kind: KeptKind) => `hyper3d:${kind}`;

interface Source<T> {
  kind: KeptKind;
  /** The value now, and a way to hear when it changes. */
  current: () => T;
  subscribe: (listener: () => void) => () => void;
  /** Puts a value read back from the browser in place (not a command: nothing to undo). */
  restore: (value: T) => void;
  serialize: (value: T) => string;
  /** The value a stored text holds, or null when it no longer reads. */
  parse: (text: string) => T | null;
  /** Called once what was stored is in place (or there was nothing to read). */
  onReady?: () => void;
}

/** The figures of the studio or the animation, kept in the format of an exported file. */
export function keepFiguresInBrowser<K extends SceneKind>(source: {
  kind: K;
  current: () => Figures<K>;
  subscribe: (listener: () => void) => () => void;
  restore: (figures: Figures<K>) => void;
}): () => void {
  return keepInBrowser<Figures<K>>({
    ...source,
    serialize: (figures) => serializeScene(source.kind, figures),
    parse: (text) => {
      const read = parseScene(source.kind, text);
      return 'figures' in read ? read.figures : null;
    },
  });
}

/**
 * Keeps a page's work in IndexedDB: restored once when its page opens, then saved a moment after each
 * change. A stored value that no longer reads is left aside.
 */
export function keepInBrowser<T>({ kind, current, subscribe, restore, serialize, parse, onReady }: Source<T>): () => void {
  const status = (state: SaveState) => useSaveStatus.setState({ [kind]: state } as Partial<Record<KeptKind, SaveState>>);
  if (typeof indexedDB === 'undefined') {
    onReady?.();
    return () => {};
  }
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = current();
  const save = () => {
    timer = undefined;
    set(keyOf(kind), serialize(current()))
      .then(() => !stopped && !timer && status('saved'))
      .catch(() => status('failed'));
  };
  status('restoring');
  const untilRestored = get<string>(keyOf(kind))
    .then((text) => {
      if (stopped || typeof text !== 'string') return;
      const read = parse(text);
      // A change made while the browser was still reading wins over what it read.
      if (read !== null && current() === last) {
        restore(read);
        last = current();
      }
    })
    .catch(() => undefined)
    .finally(() => {
      if (stopped) return;
      status(timer ? 'saving' : 'saved');
      onReady?.();
    });
  const unsubscribe = subscribe(() => {
    const value = current();
    if (value === last) return;
    last = value;
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
