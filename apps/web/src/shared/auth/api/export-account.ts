import { apiResponse } from '../../api/api-client';

export const ACCOUNT_EXPORT_PATH = '/api/v1/account/export/';

/** Reads a streamed answer to its end, telling how many bytes have come so far. */
async function readAll(response: Response, onBytes: (received: number) => void): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onBytes(received);
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/zip' });
}

function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Issue 26: downloads the member's data (a ZIP, saved under the server's file name), or, for a very
 * large account, answers `emailed` (202: a link comes by email when it is ready). `url` and `init`
 * let the back office use it for a member's request.
 */
export async function downloadAccountData(
  onBytes: (received: number) => void,
  path = ACCOUNT_EXPORT_PATH,
  init: { method?: 'GET' | 'POST'; json?: unknown } = {},
): Promise<'downloaded' | 'emailed'> {
  const response = await apiResponse(path, { ...init, accept: 'application/zip, application/json' });
  if (response.status === 202) return 'emailed';
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'portal-data.zip';
  save(await readAll(response, onBytes), filename);
  return 'downloaded';
}
