import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-client';
import { formErrors, newZoneForm, rateText, taxBodyOf, zoneBodyOf, zoneFormOf } from './shipping-forms';

const zone = {
  id: 3,
  name: 'Iberia',
  countries: ['PT', 'ES'],
  rest_of_world: false,
  rates: [
    { id: 7, name: 'Post', price: '4.90', free_over: '50.00' },
    { id: 8, name: 'Express', price: '9.00', free_over: null },
  ],
};

describe('zone form', () => {
  it('round-trips a zone: rates keep their ids, an empty "free over" is none', () => {
    const form = zoneFormOf(zone);
    expect(form.rates[1]).toEqual({ id: 8, name: 'Express', price: '9.00', freeOver: '' });
    expect(zoneBodyOf(form)).toEqual({
      name: 'Iberia',
      countries: ['PT', 'ES'],
      rest_of_world: false,
      rates: [
        { id: 7, name: 'Post', price: '4.90', free_over: '50.00' },
        { id: 8, name: 'Express', price: '9.00', free_over: null },
      ],
    });
  });

  it('sends a new rate without an id, trimmed, and the rest of the world without countries', () => {
    const form = { ...newZoneForm(), name: ' World ', countries: ['FR'], restOfWorld: true };
    form.rates = [{ name: ' Air ', price: ' 20 ', freeOver: ' ' }];
    expect(zoneBodyOf(form)).toEqual({
      name: 'World',
      countries: [],
      rest_of_world: true,
      rates: [{ name: 'Air', price: '20', free_over: null }],
    });
  });

  it('reads a rate as the list shows it, in the currency it is given', () => {
    expect(zone.rates.map((rate) => rateText(rate, (value) => `€${value}`))).toEqual([
      'Post: €4.90, free over €50.00',
      'Express: €9.00',
    ]);
  });
});

describe('tax form', () => {
  it('trims what it sends', () => {
    expect(taxBodyOf({ country: 'PT', name: ' IVA ', rate: ' 23 ' })).toEqual({ country: 'PT', name: 'IVA', rate: '23' });
  });
});

describe('formErrors', () => {
  const fields = ['name', 'countries', 'rates'];
  it('puts the API field errors under their fields and nothing above', () => {
    const error = new ApiError(400, { name: ['This field may not be blank.'], countries: ['Not a country code: ZZ.'] });
    expect(formErrors(error, fields)).toEqual({
      fields: { name: 'This field may not be blank.', countries: 'Not a country code: ZZ.' },
      general: null,
    });
  });

  it('shows a detail, an unknown field or a network failure above the form', () => {
    expect(formErrors(new ApiError(404, { detail: 'No such zone.' }), fields)).toEqual({ fields: {}, general: 'No such zone.' });
    expect(formErrors(new ApiError(400, { other: ['Odd.'] }), fields).general).toBe('Odd.');
    expect(formErrors(new ApiError(0, null), fields).general).toBe('The server could not be reached.');
    expect(formErrors(null, fields)).toEqual({ fields: {}, general: null });
  });
});
