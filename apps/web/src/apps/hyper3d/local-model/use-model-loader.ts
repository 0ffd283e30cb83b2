import { useCallback, useEffect, useRef, useState } from 'react';
import sampleUrl from '../assets/sample-robot.glb?url';
import { pickModel } from './file-set';
import { loadModel, type LoadedModel } from './model-loaders';
import { modelSize } from './model-setup';
import { computeStats } from './model-stats';
import { useViewerStore } from './viewer-store';

export const SAMPLE_NAME = 'sample-robot.glb';

/**
 * Opens files as the model on show. Only the newest request wins; the model it replaces is released
 * (GPU memory, blob: URLs) once the new one is on screen, and the last one when the page is left.
 */
export function useModelLoader() {
  const [model, setModel] = useState<LoadedModel | null>(null);
  const latest = useRef(0);

  const open = useCallback(async (files: File[], isSample = false) => {
    const store = useViewerStore.getState();
    const request = ++latest.current;
    const set = pickModel(files);
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
      setModel(loaded);
      useViewerStore.getState().loaded({
        name: loaded.name,
        isSample,
        stats: computeStats(loaded.object),
        extent: modelSize(loaded.object),
        upAxis: loaded.upAxis,
        clips: loaded.clips.map((clip) => ({ name: clip.name, duration: clip.duration })),
        missing: loaded.missing,
      });
    } catch (error) {
      if (request === latest.current) useViewerStore.getState().failed(error instanceof Error ? error.message : String(error));
    }
  }, []);

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
      await open([new File([await response.blob()], SAMPLE_NAME, { type: 'model/gltf-binary' })], true);
    } catch (error) {
      useViewerStore
        .getState()
        .failed(`The sample model could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, [open]);

  return { model, open, openSample };
}
