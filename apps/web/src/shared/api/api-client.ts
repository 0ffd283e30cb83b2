import { useAuthStore } from '../auth/auth-store';
import { flattenErrors } from './flatten-errors';

/** A failed call: its status, the body the server sent, and the messages to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(flattenErrors(body)[0] ?? (status === 0 ? 'The server could not be reached.' : `Request failed (${status}).`));
    this.name = 'ApiError';
  }
  get messages(): string[] {
    const list = flattenErrors(this.body);
    return list.length > 0 ? list : [this.message];
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  form?: FormData;
  query?: Record<string, string | number | null | undefined>;
  signal?: AbortSignal;
  /** Progress of the upload, 0..1 (uses XMLHttpRequest, which reports it; fetch does not). */
  onUploadProgress?: (fraction: number) => void;
  /** What the answer should be (default JSON): `text/event-stream` for a streamed answer. */
  accept?: string;
}

/** Spec §4: login and token-refresh calls never trigger the refresh-and-retry. */
const NO_REFRESH = [
  '/api/v1/token/',
  '/api/v1/token/refresh/',
  '/api/v1/token/revoke/',
  '/taberna-profiles/api/v1/token/',
  '/auth/token/login/',
];

interface RawResponse {
  status: number;
  body: unknown;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== null && value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return null;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function headersFor(options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  const access = useAuthStore.getState().access;
  if (access) headers.authorization = `Bearer ${access}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

const bodyOf = (options: RequestOptions) =>
  options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined);

const fetchWith = (url: string, options: RequestOptions) =>
  fetch(url, {
    method: options.method ?? 'GET',
    headers: headersFor(options),
    body: bodyOf(options),
    signal: options.signal ?? null,
  });

async function send(url: string, options: RequestOptions): Promise<RawResponse> {
  if (options.onUploadProgress) return sendWithProgress(url, options, bodyOf(options));
  try {
    const response = await fetchWith(url, options);
    return { status: response.status, body: parseBody(await response.text(), response.headers.get('content-type')) };
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return { status: 0, body: null };
  }
}

function sendWithProgress(url: string, options: RequestOptions, body: XMLHttpRequestBodyInit | undefined): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    for (const [name, value] of Object.entries(headersFor(options))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && options.onUploadProgress?.(event.loaded / event.total);
    xhr.onload = () => resolve({ status: xhr.status, body: parseBody(xhr.responseText, xhr.getResponseHeader('content-type')) });
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body ?? null);
  });
}

/**
 * The contract's ACCOUNT_SUSPENDED_CODE (a test holds them equal). Written out because this module is
 * in the landing bundle, and importing the value would pull the whole back-office contract (its zod
 * schemas cannot be tree-shaken) into every first page.
 */
export const SUSPENDED_CODE = 'account_suspended';

/** Issue 15: the reason a suspended account is refused (its 401/403 and its refresh say why), else null. */
export function suspensionOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { code, detail } = body as { code?: unknown; detail?: unknown };
  if (code !== SUSPENDED_CODE) return null;
  return typeof detail === 'string' && detail ? detail : 'This account is suspended.';
}

let refreshing: Promise<{ ok: boolean; suspended: string | null }> | null = null;

/** One refresh at a time, however many requests got a 401 together. */
function refreshAccess(): Promise<{ ok: boolean; suspended: string | null }> {
  refreshing ??= (async () => {
    const refresh = useAuthStore.getState().refresh;
    const { status, body } = await send('/api/v1/token/refresh/', { method: 'POST', json: { refresh } });
    const access = status === 200 ? (body as { access?: unknown }).access : undefined;
    if (typeof access !== 'string') return { ok: false, suspended: suspensionOf(body) };
    useAuthStore.getState().setAccess(access);
    return { ok: true, suspended: null };
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Why the session ended: `suspended` holds the reason when an account was suspended (issue 15). */
export interface SessionEnd {
  suspended: string | null;
}

const sessionEndedListeners = new Set<(end: SessionEnd) => void>();
/** Called when the session ends because the refresh token no longer works, or the account was suspended. */
export function onSessionEnded(listener: (end: SessionEnd) => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

function endSession(end: SessionEnd) {
  useAuthStore.getState().clear();
  for (const listener of sessionEndedListeners) listener(end);
}

/**
 * Gets a new access token after a 401 (one refresh shared by every caller); when the refresh
 * fails, logs out and tells the listeners. Also for sockets, whose refusal says the token is stale;
 * `suspended` (issue 27: a socket closed with 4423 and this reason) is the reason told when the
 * refresh says none.
 */
export async function renewAccessToken(suspended?: string): Promise<boolean> {
  // Already logged out here (a logout, a deleted account): no session to end, nobody to send to the login.
  if (!useAuthStore.getState().refresh || leaving > 0) return false;
  const result = await refreshAccess();
  if (result.ok) return true;
  endSession({ suspended: result.suspended ?? suspended ?? null });
  return false;
}

/** Requests under way that end this session themselves (deleting the account): a refused socket meanwhile is expected. */
let leaving = 0;

/**
 * Runs a request that ends the session on success (the server closes the sockets at once, often
 * before its answer arrives): meanwhile a socket's refusal does not "end the session" and send the
 * person to the login; the request's own success says where they go.
 */
export async function whileLeaving<T>(request: () => Promise<T>): Promise<T> {
  leaving += 1;
  try {
    return await request();
  } finally {
    leaving -= 1;
  }
}

/**
 * The one API client: adds the bearer token, refreshes it once on a 401 and retries (spec §4),
 * logs out when the refresh fails, and throws ApiError with the server's messages.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = withQuery(path, options.query);
  let response = await send(url, options);
  const hadToken = useAuthStore.getState().access !== null;
  const suspended = hadToken ? suspensionOf(response.body) : null;
  if (suspended && (response.status === 401 || response.status === 403)) {
    // A suspended account's tokens stop working at once: no refresh can help; say why.
    endSession({ suspended });
  } else if (response.status === 401 && hadToken && !NO_REFRESH.includes(path.split('?')[0] ?? path)) {
    if (await renewAccessToken()) response = await send(url, options);
  }
  if (response.status >= 200 && response.status < 300) return response.body as T;
  throw new ApiError(response.status, response.body);
}

/**
 * Like `apiRequest`, for answers it cannot read (a stream of server-sent events, a file): answers
 * the Response itself when it is a success; a failure throws ApiError with the server's messages.
 */
export async function apiResponse(path: string, options: Omit<RequestOptions, 'onUploadProgress'> = {}): Promise<Response> {
  const url = withQuery(path, options.query);
  let response: Response;
  try {
    const hadToken = useAuthStore.getState().access !== null;
    response = await fetchWith(url, options);
    if (response.status === 401 && hadToken && (await renewAccessToken())) response = await fetchWith(url, options);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  if (!response.ok) throw new ApiError(response.status, parseBody(await response.text(), response.headers.get('content-type')));
  return response;
}
