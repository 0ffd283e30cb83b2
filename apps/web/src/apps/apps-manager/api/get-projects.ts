import { useQuery } from '@tanstack/react-query';
import type { Project } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { projectsKey } from './query-keys';

export function getProjects(): Promise<Project[]> {
  return apiRequest<Project[]>('/api/v1/vue-apps/');
}

export function useProjects() {
  return useQuery({ queryKey: projectsKey, queryFn: getProjects });
}
