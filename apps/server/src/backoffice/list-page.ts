import { asc, count, desc, sql, type SQL, type Subquery } from 'drizzle-orm';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP, type ListPage } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import type { Executor } from '../db/client.js';

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

/** How many rows a list has, counted up to {@link LIST_COUNT_CAP}: `capped` when there are more. */
export interface Counted {
  count: number;
  capped: boolean;
}

/** A list's rows as a select of `1` (`db.select({ one: sql\`1\` }).from(…).where(…)`), ready to be limited. */
export interface CountedRows {
  limit(limit: number): { as(alias: 'counted'): Subquery };
}

/**
 * Issue 24: the rows of `rows` counted without counting past the cap, so a list of 100,000 orders
 * costs what one of 10,000 does; a searched list (`search` given) stops at a lower cap. A list whose
 * rows need the limit inside (the stock ledger's search limits each branch) gives them as a
 * subquery of at most `limit` rows.
 */
export async function countUpTo(
  db: Executor,
  rows: CountedRows | ((limit: number) => Subquery),
  search: string | undefined,
): Promise<Counted> {
  const cap = search ? LIST_SEARCH_COUNT_CAP : LIST_COUNT_CAP;
  const limited = typeof rows === 'function' ? rows(cap + 1) : rows.limit(cap + 1).as('counted');
  const [row] = await db.select({ n: count() }).from(limited);
  const n = row?.n ?? 0;
  return { count: Math.min(n, cap), capped: n > cap };
}

/**
 * Issue 24: a list that searches is an expensive read (`core/expensive-reads.ts`: limited and
 * timed out, on its own pool), its statements planned for their parameters; one that does not
 * reads as every other request does.
 */
export function listRead<T>(
  deps: Pick<Deps, 'db' | 'expensiveReads'>,
  query: { search?: string | undefined },
  read: (db: Executor) => Promise<T>,
): Promise<T> {
  if (!query.search) return read(deps.db);
  return deps.expensiveReads.run(async (db) => {
    // Planned for what was typed (`PLAN_FOR_PARAMETERS` in db/client.ts says why): a generic plan of
    // the accounts' search read 10,000 accounts for "scale-42" (6 ms planned for it, 25 ms generic).
    // A setting of the transaction, not that mark: the lists' statements come from Drizzle's query
    // builder, which cannot start a statement's text with it; a list's two statements (the count and
    // the page) both depend on the search. The post search marks its tier statements only, as its
    // transaction also runs statements whose planning for their parameters costs more than it saves.
    await db.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return read(db);
  });
}

/** This request's own link, absolute from PUBLIC_URL, with one query parameter set (`page`, `cursor`). */
export function requestLink(publicUrl: string, requestUrl: string, name: string, value: string | number): string {
  const url = new URL(requestUrl, `${publicUrl}/`);
  const absolute = new URL(url.pathname + url.search, `${publicUrl}/`);
  absolute.searchParams.set(name, String(value));
  return absolute.toString();
}

/**
 * The list envelope: absolute `next`/`previous` links from PUBLIC_URL and the request's own
 * query, with `page` replaced. Past a capped count, `next` follows while pages come back full.
 */
export function listPage<T>(
  publicUrl: string,
  requestUrl: string,
  paging: PageRequest,
  { count, capped }: Counted,
  results: T[],
): ListPage<T> {
  const link = (page: number) => requestLink(publicUrl, requestUrl, 'page', page);
  const pages = Math.max(1, Math.ceil(count / paging.page_size));
  const more = capped ? results.length === paging.page_size : paging.page < pages;
  return {
    count,
    count_capped: capped,
    next: more ? link(paging.page + 1) : null,
    previous: paging.page > 1 ? link(capped ? paging.page - 1 : Math.min(paging.page - 1, pages)) : null,
    results,
  };
}
