import { AI_LAB_LIMITS, type AiAttachment } from '@portal/contracts';
import { create } from 'zustand';
import { deleteDocument } from '../api/delete-document';
import { labErrorText } from '../api/lab-error';
import { uploadDocument } from '../api/upload-document';

export interface PendingDocument {
  id: number;
  name: string;
  /** 0..1 while uploading, then while the server reads it. */
  progress: number;
  status: 'uploading' | 'ready' | 'removing';
  /** What the server kept of it, once read. */
  attachment?: AiAttachment;
}

interface DocumentState {
  documents: PendingDocument[];
  error: string | null;
  attach(files: File[]): void;
  remove(id: number): Promise<void>;
  /** The documents to send with a question; they then belong to that question. */
  takeForQuestion(): AiAttachment[];
  clearError(): void;
}

let nextId = 1;
const uploads = new Map<number, AbortController>();

/** Documents (PDF, text, Markdown, CSV) attached to the next Funny Chat question, uploaded as soon as they are picked. */
export const useDocumentStore = create<DocumentState>((set, get) => {
  const update = (id: number, change: Partial<PendingDocument>) =>
    set({ documents: get().documents.map((item) => (item.id === id ? { ...item, ...change } : item)) });
  const drop = (id: number) => set({ documents: get().documents.filter((item) => item.id !== id) });

  return {
    documents: [],
    error: null,
    attach(files) {
      const room = AI_LAB_LIMITS.maxAttachments - get().documents.length;
      set({
        error:
          files.length > room ? labErrorText(new Error(`At most ${AI_LAB_LIMITS.maxAttachments} documents per question.`)) : null,
      });
      for (const file of files.slice(0, Math.max(0, room))) {
        const id = nextId++;
        const controller = new AbortController();
        uploads.set(id, controller);
        set({ documents: [...get().documents, { id, name: file.name, progress: 0, status: 'uploading' }] });
        uploadDocument(file, (progress) => update(id, { progress }), controller.signal)
          .then((attachment) => update(id, { attachment, status: 'ready', progress: 1 }))
          .catch((error: unknown) => {
            drop(id);
            if ((error as Error).name !== 'AbortError') set({ error: labErrorText(error) });
          })
          .finally(() => uploads.delete(id));
      }
    },
    async remove(id) {
      const item = get().documents.find((candidate) => candidate.id === id);
      if (!item) return;
      if (item.status === 'uploading') {
        uploads.get(id)?.abort();
        return drop(id);
      }
      update(id, { status: 'removing' });
      try {
        if (item.attachment) await deleteDocument(item.attachment.id);
        drop(id);
      } catch (error) {
        update(id, { status: 'ready' });
        set({ error: labErrorText(error) });
      }
    },
    takeForQuestion() {
      const ready = get().documents.filter((item) => item.status === 'ready' && item.attachment);
      set({ documents: get().documents.filter((item) => !ready.includes(item)) });
      return ready.map((item) => item.attachment!);
    },
    clearError: () => set({ error: null }),
  };
});
