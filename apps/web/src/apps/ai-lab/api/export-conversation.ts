import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '../../../shared/api/api-client';
import { saveFile } from './save-file';

export type ExportFormat = 'md' | 'json';

/** Downloads a saved conversation as Markdown or JSON, under the name the server gives it. */
export async function exportConversation({ id, format }: { id: string; format: ExportFormat }): Promise<void> {
  const response = await apiResponse(`/ai-lab/conversations/${encodeURIComponent(id)}/export/`, {
    query: { format },
    accept: format === 'md' ? 'text/markdown' : 'application/json',
  });
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `conversation.${format}`;
  saveFile(await response.blob(), name);
}

export function useExportConversation() {
  return useMutation({ mutationKey: ['ai-lab', 'export-conversation'], mutationFn: exportConversation });
}
