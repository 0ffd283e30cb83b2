import { AI_LAB_LIMITS } from '@portal/contracts';
import { create } from 'zustand';
import { deleteVisionImage } from '../api/delete-vision-image';
import { uploadVisionImage } from '../api/upload-vision-images';
import { labErrorText } from '../api/lab-error';

export interface Attachment {
  id: number;
  name: string;
  /** A local preview until the upload is done. */
  preview: string;
  /** 0..1 while uploading. */
  progress: number;
  status: 'uploading' | 'ready' | 'removing';
  /** The uploaded picture's URL, sent as `prompt_images`. */
  url?: string;
}

interface AttachmentState {
  attachments: Attachment[];
  error: string | null;
  attach(files: File[]): void;
  remove(id: number): Promise<void>;
  /** The URLs to send with a question; the attachments then belong to that question. */
  takeForQuestion(): string[];
  clearError(): void;
}

let nextId = 1;
const uploads = new Map<number, AbortController>();

/** Spec §3 `promptImages`: pictures attached to the next Funny Chat question, uploaded as soon as they are picked. */
export const useAttachmentStore = create<AttachmentState>((set, get) => {
  const update = (id: number, change: Partial<Attachment>) =>
    set({ attachments: get().attachments.map((item) => (item.id === id ? { ...item, ...change } : item)) });
  const drop = (id: number) => {
    const item = get().attachments.find((candidate) => candidate.id === id);
    if (item) URL.revokeObjectURL(item.preview);
    set({ attachments: get().attachments.filter((candidate) => candidate.id !== id) });
  };

  return {
    attachments: [],
    error: null,
    attach(files) {
      const room = AI_LAB_LIMITS.maxPromptImages - get().attachments.length;
      if (files.length > room) {
        set({ error: labErrorText(new Error(`At most ${AI_LAB_LIMITS.maxPromptImages} pictures per question.`)) });
      }
      for (const file of files.slice(0, Math.max(0, room))) {
        const id = nextId++;
        const controller = new AbortController();
        uploads.set(id, controller);
        set({
          error: files.length > room ? get().error : null,
          attachments: [
            ...get().attachments,
            { id, name: file.name, preview: URL.createObjectURL(file), progress: 0, status: 'uploading' },
          ],
        });
        uploadVisionImage(file, (progress) => update(id, { progress }), controller.signal)
          .then((url) => update(id, { url, status: 'ready', progress: 1 }))
          .catch((error: unknown) => {
            drop(id);
            if ((error as Error).name !== 'AbortError') set({ error: labErrorText(error) });
          })
          .finally(() => uploads.delete(id));
      }
    },
    async remove(id) {
      const item = get().attachments.find((candidate) => candidate.id === id);
      if (!item) return;
      if (item.status === 'uploading') {
        uploads.get(id)?.abort();
        return drop(id);
      }
      update(id, { status: 'removing' });
      try {
        if (item.url) await deleteVisionImage(item.url);
        drop(id);
      } catch (error) {
        update(id, { status: 'ready' });
        set({ error: labErrorText(error) });
      }
    },
    takeForQuestion() {
      const ready = get().attachments.filter((item) => item.status === 'ready' && item.url);
      for (const item of ready) URL.revokeObjectURL(item.preview);
      set({ attachments: get().attachments.filter((item) => !ready.includes(item)) });
      return ready.map((item) => item.url!);
    },
    clearError: () => set({ error: null }),
  };
});
