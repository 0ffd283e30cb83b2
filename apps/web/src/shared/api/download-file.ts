import { apiResponse, type RequestOptions } from './api-client';
import { saveFile } from './save-file';

/** The file name an answer gives in its Content-Disposition, else `fallback`. */
export const attachmentName = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/**
 * Downloads an answer that needs the caller's login (an export, an invoice) under the name the
 * server gives it: fetched with the token, saved from memory, so no credential goes in a URL.
 */
export async function downloadFile(
  path: string,
  { accept, fallback, query }: { accept: string; fallback: string; query?: RequestOptions['query'] },
): Promise<void> {
  const response = await apiResponse(path, { accept, ...(query ? { query } : {}) });
  saveFile(await response.blob(), attachmentName(response, fallback));
}
