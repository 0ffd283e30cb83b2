import { PRODUCT_IMPORT_FIELD, type ProductImportResult } from '@portal/contracts';
import { ApiError, apiRequest, apiResponse } from '../../../shared/api/api-client';
import { useBoMutation } from './use-bo-mutation';

/** The file name the server gave (`Content-Disposition`), else `fallback`. */
export function downloadName(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** The query of an export link: only the filters that are set. */
export function exportQuery(filters: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/**
 * Issue 28: downloads an export (`/api/backoffice/{what}/export/`) with the staff member's token,
 * then hands the file to the browser under the server's name.
 */
export async function downloadCsv(what: 'products' | 'orders' | 'customers', filters: Record<string, string | undefined> = {}) {
  const response = await apiResponse(`/api/backoffice/${what}/export/`, { query: exportQuery(filters), accept: 'text/csv' });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(response.headers.get('content-disposition'), `${what}.csv`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `POST /api/backoffice/products/import/` (`dry_run`: tells what it would do). A file with errors
 * is answered 400 with the same result: it is read here as a result, not thrown.
 */
export const useImportProducts = () =>
  useBoMutation(
    async ({ file, dryRun, onProgress }: { file: File; dryRun: boolean; onProgress(fraction: number): void }) => {
      const form = new FormData();
      form.append(PRODUCT_IMPORT_FIELD, file);
      try {
        return await apiRequest<ProductImportResult>('/api/backoffice/products/import/', {
          method: 'POST',
          form,
          query: dryRun ? { dry_run: 1 } : {},
          onUploadProgress: onProgress,
        });
      } catch (error) {
        const refused = importRefusal(error);
        if (refused) return refused;
        throw error;
      }
    },
    ['products', 'stock'],
  );

/** A 400 that carries an import's result (a file with errors), else null. */
export function importRefusal(error: unknown): ProductImportResult | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as Partial<ProductImportResult> | null;
  return body && Array.isArray(body.errors) && typeof body.created === 'number' ? (body as ProductImportResult) : null;
}
