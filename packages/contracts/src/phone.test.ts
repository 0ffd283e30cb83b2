import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, phoneField, PHONE_MESSAGES } from './phone.js';

describe('phone numbers', () => {
  it('accepts the common ways of writing a number and gives E.164', () => {
    expect(normalisePhone('+351 912 345 678')).toBe('+351912345678');
    expect(normalisePhone(' 00351 912-345-678 ')).toBe('+351912345678');
    expect(normalisePhone('+44 (20) 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('912 345 678')).toBeNull();
    expect(normalisePhone('+351 12')).toBeNull();
    expect(normalisePhone('call me')).toBeNull();
    // Only a leading 00 stands for +; a 00 inside the number is digits.
    expect(normalisePhone('+351 912 300 678')).toBe('+351912300678');
    expect(normalisePhone('0044 20 7946 0058')).toBe('+442079460058');
    // A lone + or letters after it are no number (and no crash).
    expect(normalisePhone('+')).toBeNull();
    expect(normalisePhone('+abc')).toBeNull();
  });

  it('shows a stored number formatted, and anything else as it is', () => {
    expect(formatPhone('+351912345678')).toBe('+351 912 345 678');
    expect(formatPhone('+14155550132')).toBe('+1 415 555 0132');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('ext. 12')).toBe('ext. 12');
    expect(formatPhone('+')).toBe('+');
    expect(formatPhone('+abc')).toBe('+abc');
  });

  it('validates a form field with one plain message per problem', () => {
    expect(phoneField().parse('+351 912 345 678')).toBe('+351912345678');
    const issues = (value: unknown) =>
      phoneField()
        .safeParse(value)
        .error?.issues.map((issue) => issue.message);
    expect(issues('')).toEqual(['This field may not be blank.']);
    expect(issues(undefined)).toEqual(['This field is required.']);
    expect(issues(351912345678)).toEqual(['Not a valid string.']);
    expect(phoneField().safeParse('12').error?.issues).toEqual([{ code: 'custom', message: PHONE_MESSAGES.invalid, path: [] }]);
    expect(issues('912345678')).toEqual([PHONE_MESSAGES.invalid]);
    expect(issues('+'.padEnd(60, '1'))).toEqual([PHONE_MESSAGES.invalid]);
  });

  it('takes a number of exactly 15 characters, the billing column’s width, and refuses one more', () => {
    // Austrian numbers can be long: "+43" and 12 digits is 15 characters stored, 13 digits is 16.
    expect(phoneField().parse('+43 1 234567890 12')).toBe('+43123456789012');
    expect(phoneField().safeParse('+43 1 234567890 123').error?.issues).toEqual([
      { code: 'custom', message: PHONE_MESSAGES.tooLong, path: [] },
    ]);
  });
});
