import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import {
  countryCodeField,
  emailField,
  FIELD_MESSAGES,
  LIST_PAGE_MAX,
  optionalTextField,
  pageSizeField,
  passwordField,
  textField,
} from './fields.js';

const messages = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('contract field rules', () => {
  it('words required, null, blank, type and length like the reference API', () => {
    const field = textField(5);
    expect(messages(field, undefined)).toEqual(['This field is required.']);
    expect(messages(field, null)).toEqual(['This field may not be null.']);
    expect(messages(field, '   ')).toEqual(['This field may not be blank.']);
    expect(messages(field, 42)).toEqual(['Not a valid string.']);
    expect(messages(field, 'toolong')).toEqual(['Ensure this field has no more than 5 characters.']);
    expect(field.parse('  ok  ')).toBe('ok');
  });

  it('checks emails and keeps passwords exactly as typed', () => {
    expect(messages(emailField(), 'a@b')).toEqual(['Enter a valid email address.']);
    expect(emailField().parse(' a@b.co ')).toBe('a@b.co');
    expect(emailField().parse('rosa.maria@mail.example.org')).toBe('rosa.maria@mail.example.org');
    // One address, whole: nothing before or after it, no space or second @ in it.
    for (const bad of ['a b@c.de', 'a@b.co x', 'a@b@c.de', '@b.co', 'a@.co', 'a@b.', 'a@bco'])
      expect(messages(emailField(), bad), bad).toEqual(['Enter a valid email address.']);
    // A blank address is blank, and nothing more.
    expect(messages(emailField(), '  ')).toEqual(['This field may not be blank.']);
    expect(messages(emailField(8), 'ab@cd.ef.gh')).toEqual(['Ensure this field has no more than 8 characters.']);
    expect(passwordField().parse('  spaced  ')).toBe('  spaced  ');
  });

  it('words a password’s problems like the other fields', () => {
    const field = passwordField();
    expect(messages(field, undefined)).toEqual(['This field is required.']);
    expect(messages(field, null)).toEqual(['This field may not be null.']);
    expect(messages(field, 42)).toEqual(['Not a valid string.']);
    expect(messages(field, '')).toEqual(['This field may not be blank.']);
    expect(messages(field, 'p'.repeat(4097))).toEqual(['Ensure this field has no more than 4096 characters.']);
    expect(field.parse('p'.repeat(4096))).toHaveLength(4096);
  });

  it('turns a missing optional field into the empty string, and checks one that is there', () => {
    const field = optionalTextField(10);
    expect(field.parse(undefined)).toBe('');
    expect(field.parse(null)).toBe('');
    expect(field.parse('  note  ')).toBe('note');
    expect(field.parse('   ')).toBe('');
    expect(messages(field, 42)).toEqual(['Not a valid string.']);
    expect(messages(field, 'x'.repeat(11))).toEqual(['Ensure this field has no more than 10 characters.']);
    expect(field.parse(' '.repeat(5) + 'x'.repeat(10))).toBe('x'.repeat(10));
  });

  it('measures a text field’s length after trimming, and says at least for a minimum', () => {
    expect(textField(3).parse('  abc  ')).toBe('abc');
    expect(FIELD_MESSAGES.minLength(8)).toBe('Ensure this field has at least 8 characters.');
  });

  it('takes a page_size of 1 to 100, worded like the reference API otherwise', () => {
    expect(LIST_PAGE_MAX).toBe(100);
    expect(pageSizeField.parse('1')).toBe(1);
    expect(pageSizeField.parse('100')).toBe(100);
    expect(messages(pageSizeField, '0')).toEqual(['Ensure this value is at least 1.']);
    expect(messages(pageSizeField, '101')).toEqual(['Ensure this value is at most 100.']);
    expect(messages(pageSizeField, 'ten')).toEqual(['A valid integer is required.']);
    expect(messages(pageSizeField, '2.5')).toEqual(['A valid integer is required.']);
  });

  it('takes a country as its two-letter code, trimmed and upper-cased, and words what it refuses', () => {
    expect(countryCodeField.parse(' pt ')).toBe('PT');
    expect(countryCodeField.parse('US')).toBe('US');
    const refused = 'Enter a country as its two-letter ISO code, such as PT.';
    for (const typed of ['P', 'PRT', 'P1', '1P', 'XPT', 'PTX', 'p t', '']) {
      expect(messages(countryCodeField, typed), typed).toEqual([refused]);
    }
    expect(messages(countryCodeField, undefined)).toEqual([FIELD_MESSAGES.required]);
    expect(messages(countryCodeField, 351)).toEqual([FIELD_MESSAGES.notString]);
    expect(messages(countryCodeField, null)).toEqual([FIELD_MESSAGES.notString]);
  });
});
