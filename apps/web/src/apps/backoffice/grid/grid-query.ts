/**
 * What a server-mode data grid shows (page, sorting, filters, search) as the query a back-office list
 * takes (`page` from 1, `page_size`, `ordering` with `-` for descending, `search`, and each list's own
 * filters), and back: the grid's state lives in the page's URL, so a reload or a shared link shows
 * the same rows.
 */

export interface GridQuery {
  /** 0-based, as the grid counts. */
  page: number;
  pageSize: number;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
  search: string;
  /** A list's own filters (`status`, `low_stock`, ...): only those named in `filterKeys` are kept. */
  filters: Record<string, string>;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface GridQueryOptions {
  /** Columns the server sorts by; a sort on another column is dropped. */
  sortable: readonly string[];
  filterKeys: readonly string[];
  defaultSort?: GridQuery['sort'];
}

const positiveInt = (text: string | null, fallback: number) => {
  const n = Number(text);
  return text !== null && Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The grid's state from the page's URL (anything unknown or malformed falls back to the default). */
export function gridQueryFromUrl(params: URLSearchParams, options: GridQueryOptions): GridQuery {
  const pageSize = positiveInt(params.get('page_size'), DEFAULT_PAGE_SIZE);
  const ordering = params.get('ordering');
  let sort = options.defaultSort ?? null;
  if (ordering) {
    const field = ordering.replace(/^-/, '');
    if (options.sortable.includes(field)) sort = { field, direction: ordering.startsWith('-') ? 'desc' : 'asc' };
  }
  const filters: Record<string, string> = {};
  for (const key of options.filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return {
    page: positiveInt(params.get('page'), 1) - 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sort,
    search: params.get('search')?.trim() ?? '',
    filters,
  };
}

/** The query the list endpoint takes: empty values left out, the page counted from 1. */
export function apiParams(query: GridQuery): Record<string, string> {
  const params: Record<string, string> = {
    page: String(query.page + 1),
    page_size: String(query.pageSize),
  };
  if (query.sort) params.ordering = `${query.sort.direction === 'desc' ? '-' : ''}${query.sort.field}`;
  if (query.search) params.search = query.search;
  for (const [key, value] of Object.entries(query.filters)) if (value) params[key] = value;
  return params;
}

/**
 * The page's URL for a grid state: only what differs from the defaults, so the plain list has the
 * plain address. Other parameters of the page (not the grid's) are kept.
 */
export function urlParams(query: GridQuery, options: GridQueryOptions, current = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['page', 'page_size', 'ordering', 'search', ...options.filterKeys]) next.delete(key);
  const api = apiParams(query);
  if (query.page > 0) next.set('page', api.page!);
  if (query.pageSize !== DEFAULT_PAGE_SIZE) next.set('page_size', api.page_size!);
  // No sort (the grid's third click) is the list's default order, so it needs no parameter either.
  const isDefault =
    query.sort === null ||
    (options.defaultSort?.field === query.sort.field && options.defaultSort.direction === query.sort.direction);
  if (!isDefault && api.ordering) next.set('ordering', api.ordering);
  if (query.search) next.set('search', query.search);
  for (const [key, value] of Object.entries(query.filters)) if (value && options.filterKeys.includes(key)) next.set(key, value);
  return next;
}

/** Whether two sets of URL parameters say the same, whatever their order. */
export function sameParams(a: URLSearchParams, b: URLSearchParams): boolean {
  const sorted = (params: URLSearchParams) =>
    [...params]
      .map(([key, value]) => `${key}=${value}`)
      .sort()
      .join('&');
  return sorted(a) === sorted(b);
}

/** A change of search or filter starts again from the first page (page 7 of the old rows may not exist). */
export function withSearch(query: GridQuery, search: string): GridQuery {
  return { ...query, search: search.trim(), page: 0 };
}

export function withFilter(query: GridQuery, key: string, value: string | null): GridQuery {
  const filters = { ...query.filters };
  if (value) filters[key] = value;
  else delete filters[key];
  return { ...query, filters, page: 0 };
}

/** The part of the grid's filter model a list's server understands: an `is` on one of its filter columns. */
export interface FilterItemLike {
  field: string;
  operator: string;
  value?: unknown;
}

/**
 * The grid's column filters as the list's filters: `field is value` on a column named in
 * `filterKeys` (a status, a yes/no) becomes `field=value`; a filter the server cannot apply is left
 * out rather than pretended.
 */
export function filtersFromModel(items: readonly FilterItemLike[], filterKeys: readonly string[]): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const item of items) {
    if (!filterKeys.includes(item.field) || item.operator !== 'is') continue;
    if (item.value === undefined || item.value === null || item.value === '') continue;
    filters[item.field] = String(item.value);
  }
  return filters;
}

/** The list's filters back as the grid's filter items (so its filter panel shows them). */
export function modelFromFilters(filters: Record<string, string>, columnFields: readonly string[]): FilterItemLike[] {
  return Object.entries(filters)
    .filter(([field]) => columnFields.includes(field))
    .map(([field, value]) => ({ field, operator: 'is', value }));
}
