/** The settings' API path, without React Query: the route table (entry chunk) uses it too. */
export const PORTAL_SETTINGS_PATH = '/api/v1/portal-settings/';
