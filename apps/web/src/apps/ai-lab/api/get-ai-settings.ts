import { useQuery } from '@tanstack/react-query';
import type { AiSettings } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { aiSettingsKey } from './query-keys';

/** The account's instructions for every conversation and its default model. */
export function getAiSettings(): Promise<AiSettings> {
  return apiRequest<AiSettings>('/ai-lab/settings/');
}

/** Only for a logged-in person: visitors have no settings. */
export function useAiSettings() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ queryKey: aiSettingsKey, queryFn: getAiSettings, enabled: loggedIn });
}
