import { describe, expect, it } from 'vitest';
import { readableFieldErrors } from './readable-errors';

const LABELS = { first_name: 'First name', username: 'Username', email: 'Email', password: 'Password' };

describe('readableFieldErrors', () => {
  it('puts each problem of a field in plain words, one message per problem', () => {
    expect(
      readableFieldErrors(
        {
          first_name: ['This field may not be blank.'],
          username: ['account with this username already exists.'],
          email: ['Enter a valid email address.'],
          password: ['This password is too short. It must contain at least 8 characters.', 'This password is too common.'],
          non_field_errors: ['Unable to create account.'],
        },
        LABELS,
      ),
    ).toEqual({
      first_name: ['Enter your first name.'],
      username: ['Someone already has this username. Try another one.'],
      email: ['Enter a valid email address.'],
      password: ['This password is too short. It must contain at least 8 characters.', 'This password is too common.'],
    });
  });

  it('says how long a field may be and which characters a username takes', () => {
    expect(
      readableFieldErrors(
        { username: ['Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'] },
        LABELS,
      ),
    ).toEqual({ username: ['Use only letters, digits and @ . + - _ in the username (no spaces).'] });
    expect(readableFieldErrors({ first_name: ['Ensure this field has no more than 50 characters.'] }, LABELS)).toEqual({
      first_name: ['Make the first name at most 50 characters long.'],
    });
    expect(readableFieldErrors({ detail: 'Too many' }, LABELS)).toEqual({});
  });
});
