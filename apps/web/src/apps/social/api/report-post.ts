import { useMutation } from '@tanstack/react-query';
import type { ReportRequest } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Reports a post, with an optional reason the moderators read (issue 15). */
export function reportPost(id: string, reason = ''): Promise<{ message: string }> {
  const body: ReportRequest = reason.trim() ? { reason: reason.trim() } : {};
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/report/`, { method: 'POST', json: body });
}

export function useReportPost() {
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason?: string }) => reportPost(id, reason) });
}
