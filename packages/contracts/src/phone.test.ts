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
  });

  it('shows a stored number formatted, and anything else as it is', () => {
    expect(formatPhone('+351912345678')).toBe('+351 912 345 678');
    expect(formatPhone('+14155550132')).toBe('+1 415 555 0132');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('ext. 12')).toBe('ext. 12');
  });

  it('validates a form field with one plain message per problem', () => {
    expect(phoneField().parse('+351 912 345 678')).toBe('+351912345678');
    const issues = (value: unknown) =>
      phoneField()
        .safeParse(value)
        .error?.issues.map((issue) => issue.message);
    expect(issues('')).toEqual(['This field may not be blank.']);
    expect(issues('912345678')).toEqual([PHONE_MESSAGES.invalid]);
    expect(issues('+'.padEnd(60, '1'))).toEqual([PHONE_MESSAGES.invalid]);
  });
});
