import { describe, expect, it } from 'vitest';
import type { Discount } from '@portal/contracts';
import { ApiError } from '../../../shared/api/api-client';
import { discountFieldErrors, discountFormOf, discountRequest, localInputOf, usesText, valueText } from './discount-form';

const stored: Discount = {
  id: 4,
  code: 'SUMMER10',
  kind: 'percent',
  value: '12.50',
  min_subtotal: '40.00',
  starts_at: '2026-12-01T09:30:00.000Z',
  ends_at: null,
  usage_limit: 100,
  once_per_customer: true,
  used: 3,
  reserved: 1,
  created_at: '2026-11-27T00:00:00.000Z',
};

describe('the discount dialog (issue 28)', () => {
  it('starts empty for a new code and from the stored one when editing, dates in local time', () => {
    expect(discountFormOf(null)).toEqual({
      code: '',
      kind: 'percent',
      value: '',
      min_subtotal: '',
      starts_at: '',
      ends_at: '',
      usage_limit: '',
      once_per_customer: false,
    });
    const form = discountFormOf(stored);
    expect(form).toMatchObject({ code: 'SUMMER10', value: '12.50', min_subtotal: '40.00', usage_limit: '100', ends_at: '' });
    expect(new Date(form.starts_at).toISOString()).toBe(stored.starts_at);
    expect(localInputOf('not a date')).toBe('');
  });

  it('sends blank optional fields as null, dates in UTC, the limit as a number', () => {
    const form = { ...discountFormOf(stored), code: ' summer10 ', min_subtotal: ' ', usage_limit: '' };
    expect(discountRequest(form)).toEqual({
      code: 'summer10',
      kind: 'percent',
      value: '12.50',
      min_subtotal: null,
      starts_at: '2026-12-01T09:30:00.000Z',
      ends_at: null,
      usage_limit: null,
      once_per_customer: true,
    });
    expect(discountRequest({ ...form, usage_limit: '25' }).usage_limit).toBe(25);
    // Not a whole number: sent as typed, so the server says which field is wrong.
    expect(discountRequest({ ...form, usage_limit: '2.5' }).usage_limit).toBe('2.5');
  });

  it('reads the field errors of a 400, a bare `code` key included', () => {
    const refused = new ApiError(400, { code: ['A discount code with these letters already exists.'], value: ['Too much', 'x'] });
    expect(discountFieldErrors(refused)).toEqual({
      code: 'A discount code with these letters already exists.',
      value: 'Too much',
    });
    expect(discountFieldErrors(new ApiError(404, { detail: 'No such discount code.' }))).toEqual({});
    expect(discountFieldErrors(new Error('offline'))).toEqual({});
  });

  it('describes a code in the list', () => {
    const money = (value: string) => `€${value}`;
    expect(valueText(stored, money)).toBe('12.5% off');
    expect(valueText({ kind: 'fixed', value: '5.00' }, money)).toBe('€5.00 off');
    expect(usesText(stored)).toBe('3 / 100 used (1 waiting for payment)');
    expect(usesText({ used: 2, reserved: 0, usage_limit: null })).toBe('2 used');
  });
});
