import type { AiSettings, AiSettingsUpdate } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Saves the account's instructions and/or default model; answers the settings as saved. */
export function saveAiSettings(change: AiSettingsUpdate): Promise<AiSettings> {
  return apiRequest<AiSettings>('/ai-lab/settings/', { method: 'PUT', json: change });
}
