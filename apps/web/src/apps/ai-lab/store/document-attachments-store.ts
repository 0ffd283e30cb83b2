import { AI_LAB_LIMITS, type AiAttachment } from '@portal/contracts';
import { deleteDocument } from '../api/delete-document';
import { uploadDocument } from '../api/upload-document';
import { createUploadQueue } from './upload-queue';

/** Documents (PDF, text, Markdown, CSV) attached to the next Funny Chat question, read by the server as they arrive. */
export const useDocumentStore = createUploadQueue<AiAttachment>({
  max: AI_LAB_LIMITS.maxAttachments,
  tooMany: `At most ${AI_LAB_LIMITS.maxAttachments} documents per question.`,
  upload: uploadDocument,
  discard: (attachment) => deleteDocument(attachment.id),
});
