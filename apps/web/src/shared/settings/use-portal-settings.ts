import { useQuery } from '@tanstack/react-query';
import type { PortalSettings } from '@portal/contracts';
import { apiRequest } from '../api/api-client';
import { portalSettingsKey } from '../api/query-keys';
import { PORTAL_SETTINGS_PATH } from './paths';

export function getPortalSettings(): Promise<PortalSettings> {
  return apiRequest<PortalSettings>(PORTAL_SETTINGS_PATH);
}

/** Links of the shells (CV, source code, professional network, all apps), from the server's settings. */
export function usePortalSettings() {
  return useQuery({ queryKey: portalSettingsKey, queryFn: getPortalSettings, staleTime: Infinity });
}

export function useAllAppsUrl(): string {
  return usePortalSettings().data?.links.all_apps || '/';
}
