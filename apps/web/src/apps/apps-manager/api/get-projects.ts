import { useQuery } from '@tanstack/react-query';
import type { Project } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { takeEarly } from '../../../shared/api/early-data';
import { PROJECTS_PATH } from './paths';
import { projectsKey } from './query-keys';

export function getProjects(): Promise<Project[]> {
  return apiRequest<Project[]>(PROJECTS_PATH);
}

export function useProjects() {
  // The landing route starts this request with the page's chunks (its `early`).
  return useQuery({ queryKey: projectsKey, queryFn: () => takeEarly(PROJECTS_PATH, getProjects) });
}
