import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-client';
import { downloadName, exportQuery, importRefusal } from './csv';

describe('CSV helpers', () => {
  it("uses the server's file name when it gives one", () => {
    expect(downloadName('attachment; filename="orders-2026-11-27.csv"', 'orders.csv')).toBe('orders-2026-11-27.csv');
    expect(downloadName(null, 'orders.csv')).toBe('orders.csv');
  });

  it('sends only the filters that are set', () => {
    expect(exportQuery({ status: 'paid', from: '', to: undefined })).toEqual({ status: 'paid' });
  });

  it('reads a refused import (400 with its errors) as a result, anything else as a failure', () => {
    const result = { created: 1, updated: 0, errors: [{ row: 3, message: 'Bad.' }], dry_run: false, applied: false };
    expect(importRefusal(new ApiError(400, { detail: '1 error in the file: nothing was imported.', ...result }))).toMatchObject(
      result,
    );
    expect(importRefusal(new ApiError(400, { file: ['The file has no stock column.'] }))).toBeNull();
    expect(importRefusal(new ApiError(413, { detail: 'Too large.' }))).toBeNull();
  });
});
