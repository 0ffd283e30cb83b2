import { describe, expect, it } from 'vitest';
import {
  boOrderQuerySchema,
  boProductCreateSchema,
  boProductQuerySchema,
  boRoleRequestSchema,
  boStockBulkAdjustSchema,
} from './backoffice.js';

describe('the role request', () => {
  it('takes "none" as well as null for no role, and staff or owner', () => {
    expect(boRoleRequestSchema.parse({ role: 'none' })).toEqual({ role: null });
    expect(boRoleRequestSchema.parse({ role: null })).toEqual({ role: null });
    expect(boRoleRequestSchema.parse({ role: 'owner' })).toEqual({ role: 'owner' });
    expect(boRoleRequestSchema.safeParse({ role: 'king' }).error?.issues[0]?.message).toBe('Choose staff, owner or none.');
  });
});

describe('back-office list queries', () => {
  it('default to the first page of 25 in the list order, and take a field or -field to sort by', () => {
    expect(boOrderQuerySchema.parse({})).toEqual({ page: 1, page_size: 25, ordering: '-created_at' });
    expect(
      boOrderQuerySchema.parse({ page: '3', page_size: '100', ordering: 'order_total', status: 'paid', search: ' 2026 ' }),
    ).toEqual({
      page: 3,
      page_size: 100,
      ordering: 'order_total',
      status: 'paid',
      search: '2026',
    });
  });

  it('refuse unknown sort fields, statuses and page sizes over 100 with readable messages', () => {
    const result = boOrderQuerySchema.safeParse({ ordering: 'password', status: 'lost', page_size: '1000', page: '0' });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields).toEqual({
      ordering: expect.stringContaining('Order by one of: created_at, -created_at'),
      status: expect.stringContaining('Choose one of: placed, paid'),
      page_size: 'Enter a whole number from 1 to 100.',
      page: 'Enter a whole number from 1 to 100000.',
    });
  });

  it('read boolean and id filters from query strings', () => {
    expect(boProductQuerySchema.parse({ low_stock: 'true', hidden: 'false', category_id: '7' })).toMatchObject({
      low_stock: true,
      hidden: false,
      category_id: 7,
    });
    expect(boProductQuerySchema.parse({}).category_id).toBeUndefined();
  });
});

describe('back-office product input', () => {
  it('keeps prices exact decimal strings, from a string or a number', () => {
    const base = { category_id: 1, name: 'Lamp', stock: 0 };
    expect(boProductCreateSchema.parse({ ...base, price: '19.90' }).price).toBe('19.90');
    expect(boProductCreateSchema.parse({ ...base, price: 19.9 }).price).toBe('19.9');
    for (const price of ['19.999', '-1', 'abc', '1e3']) {
      expect(boProductCreateSchema.safeParse({ ...base, price }).success, price).toBe(false);
    }
  });

  it('takes each colour once, whatever its case', () => {
    const input = { category_id: 1, name: 'Lamp', stock: 0, price: '1', colors: ['Red', 'red'] };
    expect(boProductCreateSchema.safeParse(input).error?.issues[0]?.message).toBe('Each value only once.');
  });

  it('refuses a bulk adjustment without products or with a zero change', () => {
    expect(boStockBulkAdjustSchema.safeParse({ items: [], reason: 'x' }).success).toBe(false);
    expect(boStockBulkAdjustSchema.safeParse({ items: [{ product_id: 1, delta: 0 }], reason: 'x' }).success).toBe(false);
  });
});
