import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { emailField, optionalTextField, passwordField, textField } from './fields.js';

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
    expect(passwordField().parse('  spaced  ')).toBe('  spaced  ');
  });

  it('turns a missing optional field into the empty string', () => {
    expect(optionalTextField(10).parse(undefined)).toBe('');
    expect(optionalTextField(10).parse(null)).toBe('');
  });
});
