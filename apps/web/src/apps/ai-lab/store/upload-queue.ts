import { create } from 'zustand';
import { labErrorText } from '../api/lab-error';

/** A file picked for the next question: uploading (with its progress), ready (with the server's answer), or being removed. */
export interface QueuedUpload<R> {
  id: number;
  name: string;
  /** A local preview (an object URL) until the upload is done, for pictures. */
  preview?: string;
  /** 0..1 while uploading. */
  progress: number;
  status: 'uploading' | 'ready' | 'removing';
  /** What the server answered for it. */
  uploaded?: R;
}

export interface UploadQueueState<R> {
  items: QueuedUpload<R>[];
  error: string | null;
  attach(files: File[]): void;
  remove(id: number): Promise<void>;
  /** What to send with a question; the uploads then belong to that question. */
  takeForQuestion(): R[];
  clearError(): void;
}

interface UploadQueueOptions<R> {
  /** How many may wait for one question, and the words when more are picked. */
  max: number;
  tooMany: string;
  /** A local preview of the file (pictures). */
  preview?: (file: File) => string;
  upload(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<R>;
  /** Deletes an upload on the server (removed before its question was sent). */
  discard(uploaded: R): Promise<unknown>;
}

/**
 * Files attached to the next Funny Chat question, each uploaded as soon as it is picked (its progress
 * shown), removable until the question is sent: the pictures' queue and the documents'.
 */
export function createUploadQueue<R>(options: UploadQueueOptions<R>) {
  let nextId = 1;
  const uploads = new Map<number, AbortController>();
  return create<UploadQueueState<R>>((set, get) => {
    const update = (id: number, change: Partial<QueuedUpload<R>>) =>
      set({ items: get().items.map((item) => (item.id === id ? { ...item, ...change } : item)) });
    const drop = (id: number) => {
      const item = get().items.find((candidate) => candidate.id === id);
      if (item?.preview) URL.revokeObjectURL(item.preview);
      set({ items: get().items.filter((candidate) => candidate.id !== id) });
    };

    return {
      items: [],
      error: null,
      attach(files) {
        const room = options.max - get().items.length;
        set({ error: files.length > room ? labErrorText(new Error(options.tooMany)) : null });
        for (const file of files.slice(0, Math.max(0, room))) {
          const id = nextId++;
          const controller = new AbortController();
          uploads.set(id, controller);
          const preview = options.preview?.(file);
          set({
            items: [...get().items, { id, name: file.name, ...(preview ? { preview } : {}), progress: 0, status: 'uploading' }],
          });
          options
            .upload(file, (progress) => update(id, { progress }), controller.signal)
            .then((uploaded) => update(id, { uploaded, status: 'ready', progress: 1 }))
            .catch((error: unknown) => {
              drop(id);
              if ((error as Error).name !== 'AbortError') set({ error: labErrorText(error) });
            })
            .finally(() => uploads.delete(id));
        }
      },
      async remove(id) {
        const item = get().items.find((candidate) => candidate.id === id);
        if (!item) return;
        if (item.status === 'uploading') {
          uploads.get(id)?.abort();
          return drop(id);
        }
        update(id, { status: 'removing' });
        try {
          if (item.uploaded !== undefined) await options.discard(item.uploaded);
          drop(id);
        } catch (error) {
          update(id, { status: 'ready' });
          set({ error: labErrorText(error) });
        }
      },
      takeForQuestion() {
        const ready = get().items.filter((item) => item.status === 'ready' && item.uploaded !== undefined);
        for (const item of ready) if (item.preview) URL.revokeObjectURL(item.preview);
        set({ items: get().items.filter((item) => !ready.includes(item)) });
        return ready.map((item) => item.uploaded!);
      },
      clearError: () => set({ error: null }),
    };
  });
}
