import { apiRequest } from '../../../shared/api/api-client';

/** Deletes an uploaded document (removed before its question was sent). */
export async function deleteDocument(id: string): Promise<void> {
  await apiRequest(`/ai-lab/attachments/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}
