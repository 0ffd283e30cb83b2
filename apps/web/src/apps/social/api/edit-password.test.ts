import { describe, expect, it } from 'vitest';
import { firstMessages } from './edit-password';

describe('firstMessages (spec §5)', () => {
  it('takes the first message of each field, in our shape and in the original JSON-in-a-string one', () => {
    expect(firstMessages({ message: { old_password: ['Wrong.', 'Also this.'], new_password2: ['Too short.'] } })).toEqual({
      old_password: 'Wrong.',
      new_password2: 'Too short.',
    });
    expect(firstMessages({ message: { new_password2: [{ message: 'Mismatch.', code: 'password_mismatch' }] } })).toEqual({
      new_password2: 'Mismatch.',
    });
    expect(firstMessages({ message: 'Something else' })).toEqual({ non_field_errors: 'Something else' });
    expect(firstMessages(null)).toEqual({});
  });
});
