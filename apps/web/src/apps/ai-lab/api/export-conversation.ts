import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../shared/api/download-file';

export type ExportFormat = 'md' | 'json';

/** Downloads a saved conversation as Markdown or JSON, under the name the server gives it. */
export function exportConversation({ id, format }: { id: string; format: ExportFormat }): Promise<void> {
  return downloadFile(`/ai-lab/conversations/${encodeURIComponent(id)}/export/`, {
    query: { format },
    accept: format === 'md' ? 'text/markdown' : 'application/json',
    fallback: `conversation.${format}`,
  });
}

export function useExportConversation() {
  return useMutation({ mutationKey: ['ai-lab', 'export-conversation'], mutationFn: exportConversation });
}
