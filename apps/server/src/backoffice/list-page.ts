import { asc, desc, type SQL } from 'drizzle-orm';
import type { ListPage } from '@portal/contracts';

export interface PageRequest {
  page: number;
  page_size: number;
}

/**
 * `ordering` (`field` or `-field`) as SQL, with the id as tie-breaker so pages never overlap.
 * PostgreSQL's own null placement (last ascending, first descending) lets an index on the column
 * serve both directions.
 */
export function orderBy(ordering: string, columns: Record<string, unknown>, id: unknown): SQL[] {
  const descending = ordering.startsWith('-');
  const column = columns[descending ? ordering.slice(1) : ordering] as SQL;
  return descending ? [desc(column), desc(id as SQL)] : [asc(column), asc(id as SQL)];
}

export const offsetOf = ({ page, page_size }: PageRequest) => (page - 1) * page_size;

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The list envelope: absolute `next`/`previous` links from PUBLIC_URL and the request's own
 * query, with `page` replaced.
 */
export function listPage<T>(
  publicUrl: string,
  requestUrl: string,
  paging: PageRequest,
  count: number,
  results: T[],
): ListPage<T> {
  const link = (page: number) => {
    const url = new URL(requestUrl, `${publicUrl}/`);
    const absolute = new URL(url.pathname + url.search, `${publicUrl}/`);
    absolute.searchParams.set('page', String(page));
    return absolute.toString();
  };
  const pages = Math.max(1, Math.ceil(count / paging.page_size));
  return {
    count,
    next: paging.page < pages ? link(paging.page + 1) : null,
    previous: paging.page > 1 ? link(Math.min(paging.page - 1, pages)) : null,
    results,
  };
}
