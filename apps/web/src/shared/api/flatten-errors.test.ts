import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, flattenErrors } from './flatten-errors';

describe('flattenErrors', () => {
  it('flattens every error shape of the contract into messages', () => {
    expect(flattenErrors({ detail: 'Not found.' })).toEqual(['Not found.']);
    expect(flattenErrors({ error: 'Your cart is empty!' })).toEqual(['Your cart is empty!']);
    expect(flattenErrors({ non_field_errors: ['Unable to log in with provided credentials.'] })).toEqual([
      'Unable to log in with provided credentials.',
    ]);
    expect(flattenErrors({ email: ['This field is required.'], first_name: ['Too long.', 'Bad.'] })).toEqual([
      'Email: This field is required.',
      'First name: Too long.',
      'First name: Bad.',
    ]);
    expect(flattenErrors({ errors: { phone: ['This field is required.'] } })).toEqual(['Phone: This field is required.']);
    expect(
      flattenErrors({
        detail: 'Given token not valid for any token type',
        code: 'token_not_valid',
        messages: [{ message: 'Token is expired' }],
      }),
    ).toEqual(['Given token not valid for any token type']);
    expect(flattenErrors('plain text')).toEqual(['plain text']);
    expect(flattenErrors(null)).toEqual([]);
  });

  it('picks the first message of each field for inline errors', () => {
    expect(fieldErrorsOf({ email: ['a', 'b'], detail: 'x', password: 'c' })).toEqual({ email: 'a', password: 'c' });
    expect(fieldErrorsOf(['x'])).toEqual({});
  });
});
