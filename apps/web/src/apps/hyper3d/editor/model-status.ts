import { create } from 'zustand';

/** How each model node of the view is doing: loading, on show (with its node count), or why it failed. */
export type ModelStatus = { state: 'loading' } | { state: 'ready'; nodes: number } | { state: 'failed'; error: string };

export const useModelStatus = create<Record<string, ModelStatus>>()(() => ({}));

export const setModelStatus = (id: string, status: ModelStatus | null) =>
  useModelStatus.setState((all) => {
    const next = { ...all };
    if (status) next[id] = status;
    else delete next[id];
    return next;
  }, true);
