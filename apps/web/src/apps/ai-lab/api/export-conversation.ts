import { useMutation } from '@tanstack/react-query';

export type ExportFormat = 'md' | 'json';

/**
 * Downloads a saved conversation as Markdown or JSON, under the name the server gives it. The download
 * code loads on the first export, as the chat's history panel is in the lab's first view (its budget).
 */
export async function exportConversation({ id, format }: { id: string; format: ExportFormat }): Promise<void> {
  const { downloadFile } = await import('../../../shared/api/download-file');
  return downloadFile(`/ai-lab/conversations/${encodeURIComponent(id)}/export/`, {
    query: { format },
    accept: format === 'md' ? 'text/markdown' : 'application/json',
    fallback: `conversation.${format}`,
  });
}

export function useExportConversation() {
  return useMutation({ mutationKey: ['ai-lab', 'export-conversation'], mutationFn: exportConversation });
}
