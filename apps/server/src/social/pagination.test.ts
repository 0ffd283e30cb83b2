import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotFound } from '../core/domain-errors.js';
import { decodeCursor, encodeCursor, invalidPage, pageLinks, pageQueryShape, parsePageRequest, readPage } from './pagination.js';

const id = '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('parsePageRequest', () => {
  it('defaults to page 1 of 10, caps the size at 100 and ignores bad sizes', () => {
    expect(parsePageRequest({})).toEqual({ size: 10, page: 1, cursor: null });
    expect(parsePageRequest({ page_size: '500', page: '3' })).toMatchObject({ size: 100, page: 3 });
    for (const page_size of ['0', '-4', 'abc', '']) expect(parsePageRequest({ page_size }).size).toBe(10);
    expect(parsePageRequest({ page: 'last' }).page).toBe('last');
  });

  it('answers 404 "Invalid page." for pages that are not positive numbers and for bad cursors', () => {
    for (const page of ['0', '-1', 'two', '1.5', '', '9999999999']) {
      expect(() => parsePageRequest({ page }), page).toThrow('Invalid page.');
    }
    expect(() => parsePageRequest({ cursor: 'nope' })).toThrow('Invalid page.');
  });

  it('takes page 1 and long page numbers as asked, and an empty cursor as none', () => {
    expect(parsePageRequest({ page: '1' })).toEqual({ size: 10, page: 1, cursor: null });
    expect(parsePageRequest({ page: '12' }).page).toBe(12);
    expect(parsePageRequest({ page: '999999999' }).page).toBe(999_999_999);
    expect(parsePageRequest({ cursor: '' }).cursor).toBeNull();
    expect(parsePageRequest({ page_size: '7' }).size).toBe(7);
  });

  it('reads a repeated query key as its last value, and refuses values too long to be real', () => {
    const query = z.object(pageQueryShape);
    expect(query.parse({})).toEqual({});
    expect(query.parse({ page: ['1', '2', '3'], page_size: '5' })).toEqual({ page: '3', page_size: '5' });
    expect(query.parse({ cursor: 'c'.repeat(100) }).cursor).toHaveLength(100);
    expect(query.safeParse({ cursor: 'c'.repeat(101) }).success).toBe(false);
    expect(query.safeParse({ page: '1'.repeat(21) }).success).toBe(false);
    expect(query.safeParse({ page_size: '1'.repeat(21) }).success).toBe(false);
    expect(query.safeParse({ page: 3 }).success).toBe(false);
  });

  it('says "Invalid page." as a 404', () => {
    expect(invalidPage()).toBeInstanceOf(NotFound);
    expect(invalidPage().message).toBe('Invalid page.');
  });

  it('round-trips cursors', () => {
    const cursor = { createdAt: new Date('2026-01-02T03:04:05.678Z'), id };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(parsePageRequest({ cursor: encodeCursor(cursor) }).cursor).toEqual(cursor);
    // A cursor is all of the text: nothing before or after it.
    for (const bad of [`x${encodeCursor(cursor)}`, `${encodeCursor(cursor)}x`, `1.${id.toUpperCase()}`, `.${id}`])
      expect(decodeCursor(bad), bad).toBeNull();
  });
});

describe('pageLinks', () => {
  it('builds absolute links with sorted keys; previous of page 2 drops page', () => {
    const cursor = { createdAt: new Date(1000), id };
    const links = pageLinks(
      'http://portal.test',
      '/api/social-posts/',
      { trend: 'django', page_size: '5' },
      {
        page: 2,
        hasNext: true,
        nextCursor: cursor,
      },
    );
    expect(links.next).toBe(`http://portal.test/api/social-posts/?cursor=1000.${id}&page=3&page_size=5&trend=django`);
    expect(links.previous).toBe('http://portal.test/api/social-posts/?page_size=5&trend=django');
    expect(pageLinks('http://portal.test', '/x/', {}, { page: 1, hasNext: false, nextCursor: null })).toEqual({
      next: null,
      previous: null,
    });
    // Keys in name order whatever order they come in; empty values left out.
    const many = pageLinks(
      'http://portal.test',
      '/x/',
      { zeta: '1', alpha: '2', mid: '3', empty: '', beta: '4', omega: '5', gamma: '6' },
      { page: 1, hasNext: true, nextCursor: null },
    );
    expect(many.next).toBe('http://portal.test/x/?alpha=2&beta=4&gamma=6&mid=3&omega=5&page=2&zeta=1');
    const ranked = pageLinks('http://portal.test', '/x/', { query: 'a b' }, { page: 4, hasNext: true, nextCursor: null });
    expect(ranked).toEqual({
      next: 'http://portal.test/x/?page=5&query=a+b',
      previous: 'http://portal.test/x/?page=3&query=a+b',
    });
  });
});

describe('readPage', () => {
  const rows = Array.from({ length: 25 }, (_, n) => ({ id: `${n}`, createdAt: new Date(100_000 - n) }));
  const read = async ({ limit, offset }: { limit: number; offset: number }) => rows.slice(offset, offset + limit);

  it('reads one extra row to know whether a next page exists', async () => {
    const first = await readPage({ size: 10, page: 1, cursor: null }, async () => 25, read);
    expect(first.rows).toHaveLength(10);
    expect(first.nextCursor).toEqual({ id: '9', createdAt: rows[9]!.createdAt });
    const last = await readPage({ size: 10, page: 'last', cursor: null }, async () => 25, read);
    expect(last.page).toBe(3);
    expect(last.rows).toHaveLength(5);
    expect(last.nextCursor).toBeNull();
  });

  it('a page exactly full has no next page; one more row makes one', async () => {
    const twenty = rows.slice(0, 20);
    const readTwenty = async ({ limit, offset }: { limit: number; offset: number }) => twenty.slice(offset, offset + limit);
    const second = await readPage({ size: 10, page: 2, cursor: null }, async () => 20, readTwenty);
    expect(second).toMatchObject({ count: 20, page: 2, hasNext: false, nextCursor: null });
    expect(second.rows.map((row) => row.id)).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19']);
    const full = await readPage({ size: 20, page: 1, cursor: null }, async () => 20, readTwenty);
    expect(full).toMatchObject({ hasNext: false, nextCursor: null });
    expect(full.rows).toHaveLength(20);
    const first = await readPage({ size: 19, page: 1, cursor: null }, async () => 20, readTwenty);
    expect(first).toMatchObject({ hasNext: true, nextCursor: { id: '18', createdAt: rows[18]!.createdAt } });
    expect(first.rows).toHaveLength(19);
    expect(pageLinks('http://portal.test', '/x/', {}, second).next).toBeNull();
  });

  it('answers "Invalid page." past the end, but page 1 of nothing is fine', async () => {
    await expect(readPage({ size: 10, page: 4, cursor: null }, async () => 25, read)).rejects.toThrow('Invalid page.');
    const empty = await readPage(
      { size: 10, page: 1, cursor: null },
      async () => 0,
      async () => [],
    );
    expect(empty).toMatchObject({ count: 0, rows: [], nextCursor: null });
  });

  it('follows a cursor rather than the page number, and reads page=last as the last page even with a cursor', async () => {
    const after = { createdAt: rows[4]!.createdAt, id: rows[4]!.id };
    const windows: { limit: number; offset: number; cursor: unknown }[] = [];
    const spy = async (window: { limit: number; offset: number; cursor: { createdAt: Date } | null }) => {
      windows.push(window);
      return rows
        .filter((row) => !window.cursor || row.createdAt < window.cursor.createdAt)
        .slice(window.offset, window.offset + window.limit);
    };
    const next = await readPage({ size: 10, page: 2, cursor: after }, async () => 25, spy);
    expect(windows.at(-1)).toEqual({ limit: 11, offset: 0, cursor: after });
    expect(next.rows[0]!.id).toBe('5');
    const last = await readPage({ size: 10, page: 'last', cursor: after }, async () => 25, spy);
    expect(windows.at(-1)).toEqual({ limit: 11, offset: 20, cursor: null });
    expect(last).toMatchObject({ count: 25, page: 3, hasNext: false, nextCursor: null });
    expect(last.rows.map((row) => row.id)).toEqual(['20', '21', '22', '23', '24']);
  });

  it('takes the count from the rows when they carry it: no count statement but for page=last and an empty page', async () => {
    let counted = 0;
    const count = async () => {
      counted += 1;
      return 25;
    };
    const withTotal = async ({ limit, offset, cursor }: { limit: number; offset: number; cursor: { createdAt: Date } | null }) =>
      rows
        .filter((row) => !cursor || row.createdAt < cursor.createdAt)
        .slice(offset, offset + limit)
        .map((row) => ({ ...row, total: 25 }));
    const countOf = (page: { total: number }[]) => page[0]?.total;
    const second = await readPage({ size: 10, page: 2, cursor: null }, count, withTotal, countOf);
    expect(second).toMatchObject({ count: 25, page: 2, hasNext: true });
    expect(second.rows[0]!.id).toBe('10');
    const after = await readPage({ size: 10, page: 1, cursor: second.nextCursor }, count, withTotal, countOf);
    expect(after.rows[0]!.id).toBe('20');
    expect(counted).toBe(0);
    const last = await readPage({ size: 10, page: 'last', cursor: null }, count, withTotal, countOf);
    expect(last).toMatchObject({ count: 25, page: 3 });
    expect(counted).toBe(1);
    const none = await readPage(
      { size: 10, page: 1, cursor: null },
      async () => 0,
      async () => [] as { id: string; createdAt: Date; total: number }[],
      countOf,
    );
    expect(none).toMatchObject({ count: 0, rows: [] });
  });
});
