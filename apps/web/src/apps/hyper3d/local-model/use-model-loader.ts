import { useCallback, useEffect, useRef, useState } from 'react';
import sampleUrl from '../assets/sample-robot.glb?url';
import { pickModel } from './file-set';
import { loadModel, type LoadedModel } from './model-loaders';
import { modelSize } from './model-setup';
import { computeStats } from './model-stats';
import { useViewerStore, type LoadedInfo, type ModelSource } from './viewer-store';

export const SAMPLE_NAME = 'sample-robot.glb';

/** How a load came about: a person opened files (a command), the page opened the sample, or an undo or redo. */
type Cause = 'open' | 'sample' | 'history';

/**
 * Opens files as the model on show. Only the newest request wins; the model it replaces is released
 * (GPU memory, blob: URLs) once the new one is on screen, and the last one when the page is left.
 * An undo or redo that changes the page's source loads that source again.
 */
export function useModelLoader() {
  const [model, setModel] = useState<LoadedModel | null>(null);
  const latest = useRef(0);
  const onShow = useRef<ModelSource | null>(null);

  const load = useCallback(async (source: ModelSource, cause: Cause) => {
    const store = useViewerStore.getState();
    const request = ++latest.current;
    const set = pickModel(source.files);
    if ('error' in set) {
      store.failed(set.error);
      return;
    }
    store.startLoading(set.main.name);
    try {
      const loaded = await loadModel(set, (fraction, label) => {
        if (request === latest.current) useViewerStore.getState().setProgress(fraction, label);
      });
      if (request !== latest.current) {
        loaded.release();
        return;
      }
      onShow.current = source;
      setModel(loaded);
      const info: LoadedInfo = {
        name: loaded.name,
        isSample: source.sample,
        stats: computeStats(loaded.object, loaded.nodes),
        extent: modelSize(loaded.object),
        upAxis: loaded.upAxis,
        clips: loaded.clips.map((clip) => ({ name: clip.name, duration: clip.duration })),
        missing: loaded.missing,
      };
      if (cause === 'open') useViewerStore.getState().opened(source, info);
      else useViewerStore.getState().loaded(info, source);
    } catch (error) {
      if (request === latest.current) useViewerStore.getState().failed(error instanceof Error ? error.message : String(error));
    }
  }, []);

  const open = useCallback((files: File[]) => load({ files, sample: false }, 'open'), [load]);

  // Undo and redo change the source: show it again.
  useEffect(
    () =>
      useViewerStore.subscribe((state) => {
        if (state.source && onShow.current && state.source !== onShow.current) void load(state.source, 'history');
      }),
    [load],
  );

  // Release each model when it is replaced, and the last one when the page is left.
  useEffect(() => () => model?.release(), [model]);
  // A load still running when the page is left is released as soon as it ends.
  useEffect(
    () => () => {
      latest.current++;
    },
    [],
  );

  const openSample = useCallback(async () => {
    try {
      const response = await fetch(sampleUrl);
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      const file = new File([await response.blob()], SAMPLE_NAME, { type: 'model/gltf-binary' });
      await load({ files: [file], sample: true }, 'sample');
    } catch (error) {
      useViewerStore
        .getState()
        .failed(`The sample model could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, [load]);

  return { model, open, openSample, source: onShow };
}
