import type { AiAttachment } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Uploads a document to ask about (its text is read on the server); answers what the server kept of it. */
export function uploadDocument(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<AiAttachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<AiAttachment>('/ai-lab/attachments/', { method: 'POST', form, signal, onUploadProgress: onProgress });
}
