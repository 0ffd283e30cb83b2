import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-client';
import { editPassword, firstMessages } from './edit-password';

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

describe('editPassword (contract §4.5: always 200)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (message: string) =>
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ message }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  const change = { old_password: 'old', new_password1: 'new-one-2040', new_password2: 'new-one-2040' };

  it('resolves on {"message": "success"}', async () => {
    answer('success');
    expect(await editPassword(change)).toEqual({ message: 'success' });
  });

  it('rejects a 200 whose message holds JSON-encoded field errors, with the errors decoded for the form', async () => {
    answer(
      JSON.stringify({ old_password: [{ message: 'Your old password was entered incorrectly.', code: 'password_incorrect' }] }),
    );
    const error = (await editPassword(change).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(firstMessages(error.body)).toEqual({ old_password: 'Your old password was entered incorrectly.' });
  });
});
