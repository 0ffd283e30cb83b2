import { describe, expect, it } from 'vitest';
import { checkPhone, formatPhone, phoneMessage } from './phone.js';
import { isPostalCodeOf, tidyPostalCode, usesPostalCode } from './postal-code.js';

describe('phone numbers as people write them', () => {
  it('reads a national number with the country as its region and gives E.164', () => {
    expect(checkPhone('912 345 678', 'PT')).toEqual({ ok: true, phone: '+351912345678', verified: true });
    expect(checkPhone('(415) 555-0100', 'US')).toEqual({ ok: true, phone: '+14155550100', verified: true });
    expect(checkPhone('020 7946 0958', 'GB')).toEqual({ ok: true, phone: '+442079460958', verified: true });
  });

  it('takes a number with its country code whatever the country', () => {
    expect(checkPhone('+351 912 345 678', 'US')).toEqual({ ok: true, phone: '+351912345678', verified: true });
    expect(checkPhone(' 00351 912-345-678 ', null)).toEqual({ ok: true, phone: '+351912345678', verified: true });
  });

  it('keeps what only looks like a phone as typed, unverified', () => {
    expect(checkPhone('5551234', 'US')).toEqual({ ok: true, phone: '5551234', verified: false });
    expect(checkPhone('912 345 678', null)).toEqual({ ok: true, phone: '912 345 678', verified: false });
    expect(checkPhone('(0)12-345.678', 'AQ')).toEqual({ ok: true, phone: '(0)12-345.678', verified: false });
  });

  it('refuses what is no phone at all, with an example of the country', () => {
    expect(checkPhone('call me', 'US')).toEqual({ ok: false, message: phoneMessage('US') });
    expect(phoneMessage('US')).toBe('Enter a phone number such as (201) 555-0123 or +1 201 555 0123.');
    expect(phoneMessage('PT')).toBe('Enter a phone number such as 912 345 678 or +351 912 345 678.');
    expect(phoneMessage(null)).toBe('Enter a phone number: digits, spaces and + - ( ) . only, with its country code if you can.');
    expect(phoneMessage('ZZ')).toBe(phoneMessage(null));
    for (const refused of ['12345', '----------', '1'.repeat(21), '555 1234 ext 2', '+351 12', '+351 912 345 678 999'])
      expect(checkPhone(refused, 'US').ok, refused).toBe(false);
  });

  it('needs at least five digits in what it keeps unverified', () => {
    expect(checkPhone('12-3-45', null)).toEqual({ ok: true, phone: '12-3-45', verified: false });
    expect(checkPhone('12-3-4-', null)).toEqual({ ok: false, message: phoneMessage(null) });
  });

  it('keeps a number whose country code no country has, unverified, rather than failing on it', () => {
    expect(checkPhone('+999 123 456', 'PT')).toEqual({ ok: true, phone: '+999 123 456', verified: false });
  });

  it('shows a stored number formatted, and anything else as it is', () => {
    expect(formatPhone('+351912345678')).toBe('+351 912 345 678');
    expect(formatPhone('+14155550132')).toBe('+1 415 555 0132');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('5551234')).toBe('5551234');
    expect(formatPhone('+999 123 456')).toBe('+999 123 456');
  });
});

describe('postcodes', () => {
  it('checks a postcode with its country pattern, written as people do', () => {
    expect(usesPostalCode('PT')).toBe(true);
    expect(usesPostalCode('HK')).toBe(false);
    expect(isPostalCodeOf('1100-148', 'PT')).toBe(true);
    expect(isPostalCodeOf('11-00', 'PT')).toBe(false);
    expect(isPostalCodeOf(' 1012   ab ', 'NL')).toBe(true);
    expect(tidyPostalCode(' 1012   ab ')).toBe('1012 AB');
    expect(isPostalCodeOf('94103', 'US')).toBe(true);
    expect(isPostalCodeOf('anything', 'HK')).toBe(true);
    expect(isPostalCodeOf('anything', null)).toBe(true);
  });
});
