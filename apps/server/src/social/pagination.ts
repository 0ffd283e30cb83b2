import { POST_PAGE_SIZE } from '@portal/contracts';
import { z } from 'zod';
import { NotFound } from '../core/domain-errors.js';

/** Where a keyset page starts: just after this post in newest-first order. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export interface PageRequest {
  size: number;
  page: number | 'last';
  cursor: Cursor | null;
}

/** The window a repository reads: at most `limit` rows, after the cursor or from the offset. */
export interface PageWindow {
  limit: number;
  offset: number;
  cursor: Cursor | null;
}

export const invalidPage = () => new NotFound('Invalid page.');

/** A repeated query key (`?query=a&query=b`, as a client appending to a `next` link may send) counts once: the last. */
const lastValue = (max: number) =>
  z.preprocess((value) => (Array.isArray(value) ? value.at(-1) : value), z.string().max(max).optional());

/** Query parameters every post list takes (contract §1.5, plus the keyset `cursor` of our `next` links). */
export const pageQueryShape = {
  page: lastValue(20),
  page_size: lastValue(20),
  cursor: lastValue(100),
};

const CURSOR = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(cursor: Cursor): string {
  return `${cursor.createdAt.getTime()}.${cursor.id}`;
}

export function decodeCursor(text: string): Cursor | null {
  const match = CURSOR.exec(text);
  return match ? { createdAt: new Date(Number(match[1])), id: match[2]! } : null;
}

/**
 * Reads `page`, `page_size` and `cursor`. A bad `page_size` falls back to the default (contract
 * §1.5); a page that is not a positive number or `last`, or a malformed cursor, is 404 "Invalid page.".
 */
export function parsePageRequest(query: {
  page?: string | undefined;
  page_size?: string | undefined;
  cursor?: string | undefined;
}): PageRequest {
  const requested = Number.parseInt(query.page_size ?? '', 10);
  const size = requested > 0 ? Math.min(requested, POST_PAGE_SIZE.max) : POST_PAGE_SIZE.default;
  let page: number | 'last' = 1;
  if (query.page === 'last') page = 'last';
  else if (query.page !== undefined) {
    if (!/^\d{1,9}$/.test(query.page) || Number(query.page) < 1) throw invalidPage();
    page = Number(query.page);
  }
  let cursor: Cursor | null = null;
  if (query.cursor !== undefined && query.cursor !== '') {
    cursor = decodeCursor(query.cursor);
    if (!cursor) throw invalidPage();
  }
  return { size, page, cursor };
}

export interface PageOf<T> {
  count: number;
  rows: T[];
  page: number;
  hasNext: boolean;
  /** Where the next page starts, when there is one. */
  nextCursor: Cursor | null;
}

/**
 * One page of a newest-first list. Following `next` links uses the keyset cursor, so a deep page
 * costs what the first does; a bare `?page=N` (or `last`) falls back to an offset. With
 * `countOf`, the rows carry the count (read in their statement, issue 12): `count` runs only for
 * `page=last` (which needs it first) and when no row came back to carry it.
 */
export async function readPage<T extends { createdAt: Date; id: string }>(
  request: PageRequest,
  count: () => Promise<number>,
  read: (window: PageWindow) => Promise<T[]>,
  countOf?: (rows: T[]) => number | undefined,
  cursorOf?: (row: T) => Cursor,
): Promise<PageOf<T>> {
  if (countOf && request.page !== 'last') {
    const { page, cursor } = request;
    const rows = await read({ limit: request.size + 1, offset: cursor ? 0 : (page - 1) * request.size, cursor });
    return pageOf(request, rows, page, cursor, countOf(rows) ?? (await count()), cursorOf);
  }
  const total = await count();
  // `last` is the last page even with a cursor (a `next` link whose page was replaced): by its offset.
  const page = request.page === 'last' ? Math.max(1, Math.ceil(total / request.size)) : request.page;
  const cursor = request.page === 'last' ? null : request.cursor;
  const offset = cursor ? 0 : (page - 1) * request.size;
  const rows = await read({ limit: request.size + 1, offset, cursor });
  return pageOf(request, rows, page, cursor, total, cursorOf);
}

/**
 * A page from the rows read for it (one more than the page holds, telling whether there is a next
 * one). The next page starts after the last row, by its `createdAt` and `id` unless `cursorOf` says
 * otherwise (a list in another order, such as bookmarks by when they were made).
 */
export function pageOf<T extends { createdAt: Date; id: string }>(
  request: PageRequest,
  rows: T[],
  page: number,
  cursor: Cursor | null,
  total: number,
  cursorOf: (row: T) => Cursor = (row) => ({ createdAt: row.createdAt, id: row.id }),
): PageOf<T> {
  if (!cursor && page > 1 && rows.length === 0) throw invalidPage();
  const hasNext = rows.length > request.size;
  const shown = rows.slice(0, request.size);
  const last = shown.at(-1);
  return {
    count: total,
    rows: shown,
    page,
    hasNext,
    nextCursor: hasNext && last ? cursorOf(last) : null,
  };
}

/**
 * Absolute `next` and `previous` links (contract §1.5): built from PUBLIC_URL, the list's own
 * query parameters sorted by name, `page` replaced; `previous` of page 2 has no `page`. `next`
 * carries the keyset cursor when the list has one (ranked search results do not).
 */
export function pageLinks(
  publicUrl: string,
  path: string,
  params: Record<string, string | undefined>,
  page: Pick<PageOf<unknown>, 'page' | 'hasNext' | 'nextCursor'>,
): { next: string | null; previous: string | null } {
  const link = (values: Record<string, string | undefined>) => {
    const url = new URL(path, `${publicUrl}/`);
    const entries = Object.entries({ ...params, ...values })
      .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [key, value] of entries) url.searchParams.append(key, value);
    return url.toString();
  };
  const { page: number, hasNext, nextCursor } = page;
  return {
    next: hasNext ? link({ page: String(number + 1), cursor: nextCursor ? encodeCursor(nextCursor) : undefined }) : null,
    previous: number > 1 ? link({ page: number === 2 ? undefined : String(number - 1), cursor: undefined }) : null,
  };
}
