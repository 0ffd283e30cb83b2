import { describe, expect, it } from 'vitest';
import {
  apiParams,
  filtersFromModel,
  gridQueryFromUrl,
  modelFromFilters,
  sameParams,
  urlParams,
  withFilter,
  withSearch,
  type GridQueryOptions,
} from './grid-query';

const ORDERS: GridQueryOptions = {
  sortable: ['created_at', 'order_total', 'order_number'],
  filterKeys: ['status'],
  defaultSort: { field: 'created_at', direction: 'desc' },
};

const fromUrl = (query: string, options = ORDERS) => gridQueryFromUrl(new URLSearchParams(query), options);

describe('grid query <-> list parameters', () => {
  it('reads the plain address as the first page in the default order', () => {
    const query = fromUrl('');
    expect(query).toEqual({
      page: 0,
      pageSize: 25,
      sort: { field: 'created_at', direction: 'desc' },
      search: '',
      filters: {},
    });
    expect(apiParams(query)).toEqual({ page: '1', page_size: '25', ordering: '-created_at' });
    expect(urlParams(query, ORDERS).toString()).toBe('');
  });

  it('maps the grid page (from 0) to the API page (from 1), sorting to ordering, search and filters', () => {
    const query = fromUrl('page=3&page_size=50&ordering=order_total&search=%20ada%40example.com%20&status=paid');
    expect(query).toEqual({
      page: 2,
      pageSize: 50,
      sort: { field: 'order_total', direction: 'asc' },
      search: 'ada@example.com',
      filters: { status: 'paid' },
    });
    expect(apiParams(query)).toEqual({
      page: '3',
      page_size: '50',
      ordering: 'order_total',
      search: 'ada@example.com',
      status: 'paid',
    });
    expect(apiParams({ ...query, sort: { field: 'order_number', direction: 'desc' } }).ordering).toBe('-order_number');
  });

  it('round-trips through the URL, keeping the page’s other parameters', () => {
    const query = fromUrl('page=2&ordering=-order_number&status=shipped');
    const url = urlParams(query, ORDERS, new URLSearchParams('tab=1&status=paid'));
    expect(url.get('tab')).toBe('1');
    expect(url.get('status')).toBe('shipped');
    expect(gridQueryFromUrl(url, ORDERS)).toEqual(query);
  });

  it('ignores what the server would refuse: unknown sort fields, odd page sizes, bad pages, other filters', () => {
    const query = fromUrl('page=-4&page_size=33&ordering=-password&role=owner&status=');
    expect(query.page).toBe(0);
    expect(query.pageSize).toBe(25);
    expect(query.sort).toEqual(ORDERS.defaultSort);
    expect(query.filters).toEqual({});
    expect(fromUrl('page=abc').page).toBe(0);
  });

  it('a cleared sort is the default order, with no ordering parameter', () => {
    const cleared = { ...fromUrl('ordering=order_total'), sort: null };
    expect(apiParams(cleared).ordering).toBeUndefined();
    expect(urlParams(cleared, ORDERS).has('ordering')).toBe(false);
    const noDefault = { sortable: ['name'], filterKeys: [] };
    expect(fromUrl('', noDefault).sort).toBeNull();
  });

  it('a new search or filter goes back to the first page', () => {
    const onPage4 = fromUrl('page=4&status=paid');
    expect(withSearch(onPage4, '  10042 ')).toMatchObject({ page: 0, search: '10042', filters: { status: 'paid' } });
    expect(withFilter(onPage4, 'status', 'refunded')).toMatchObject({ page: 0, filters: { status: 'refunded' } });
    expect(withFilter(onPage4, 'status', null).filters).toEqual({});
  });
});

describe('column filters <-> list filters', () => {
  it('keeps an `is` on a filter column, drops what the server cannot apply', () => {
    expect(
      filtersFromModel(
        [
          { field: 'status', operator: 'is', value: 'paid' },
          { field: 'email', operator: 'contains', value: 'ada' },
          { field: 'low_stock', operator: 'is', value: true },
          { field: 'is_available', operator: 'is', value: '' },
        ],
        ['status', 'low_stock', 'is_available'],
      ),
    ).toEqual({ status: 'paid', low_stock: 'true' });
  });

  it('shows the list filters in the grid for the columns it has', () => {
    expect(modelFromFilters({ status: 'paid', category_id: '3' }, ['status', 'email'])).toEqual([
      { field: 'status', operator: 'is', value: 'paid' },
    ]);
  });
});

describe('sameParams', () => {
  it('compares URL parameters whatever their order', () => {
    expect(sameParams(new URLSearchParams('a=1&b=2'), new URLSearchParams('b=2&a=1'))).toBe(true);
    expect(sameParams(new URLSearchParams('a=1&b=2'), new URLSearchParams('a=1&b=3'))).toBe(false);
    expect(sameParams(new URLSearchParams('a=1'), new URLSearchParams('a=1&page=2'))).toBe(false);
  });

  it('a grid query that the URL already says makes the same parameters (no navigation)', () => {
    const options: GridQueryOptions = {
      sortable: ['name'],
      filterKeys: ['hidden'],
      defaultSort: { field: 'name', direction: 'asc' },
    };
    const url = new URLSearchParams('hidden=true&tab=x&search=tee&page=2');
    expect(sameParams(urlParams(gridQueryFromUrl(url, options), options, url), url)).toBe(true);
  });
});
