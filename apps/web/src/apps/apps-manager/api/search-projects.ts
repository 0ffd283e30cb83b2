import { useQuery } from '@tanstack/react-query';
import type { Project } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export const searchProjectsKey = (query: string) => ['apps-manager', 'search', query] as const;

/** Contract §11.2: an empty query answers `{"projects": []}` instead of a list. */
export async function searchProjects(query: string): Promise<Project[]> {
  const answer = await apiRequest<Project[] | { projects: Project[] }>('/api/v1/vue-apps/search/', {
    method: 'POST',
    json: { query },
  });
  return Array.isArray(answer) ? answer : answer.projects;
}

export function useSearchProjects(query: string) {
  return useQuery({ queryKey: searchProjectsKey(query), queryFn: () => searchProjects(query), enabled: query.trim() !== '' });
}
