import { ApiError, renewAccessToken } from '../../../shared/api/api-client';
import { useAuthStore } from '../../../shared/auth/auth-store';

/**
 * `fetch` with the bearer token and one refresh on a 401, for answers `apiRequest` cannot read:
 * a stream of server-sent events, or a file. A failed answer throws the API client's ApiError.
 */
export async function authorizedFetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, ...rest } = init;
  const attempt = () => {
    const access = useAuthStore.getState().access;
    return fetch(path, {
      ...rest,
      headers: {
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(access ? { authorization: `Bearer ${access}` } : {}),
        ...(rest.headers as Record<string, string> | undefined),
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
  let response: Response;
  try {
    const hadToken = useAuthStore.getState().access !== null;
    response = await attempt();
    if (response.status === 401 && hadToken && (await renewAccessToken())) response = await attempt();
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    throw new ApiError(response.status, body);
  }
  return response;
}
