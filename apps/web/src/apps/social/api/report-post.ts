import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

export function reportPost(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/report/`, { method: 'POST' });
}

export function useReportPost() {
  return useMutation({ mutationFn: reportPost });
}
