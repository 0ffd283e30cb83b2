import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-rules.js';

describe('passwordProblems', () => {
  it('accepts a decent password', () => {
    expect(
      passwordProblems('lantern-orbit-2026', {
        username: 'rosa',
        first_name: 'Rosa',
        last_name: 'Tester',
        email: 'rosa@example.com',
      }),
    ).toEqual([]);
  });

  it('names each broken rule', () => {
    expect(passwordProblems('abc')).toContain('This password is too short. It must contain at least 8 characters.');
    expect(passwordProblems('qwertyuiop')).toEqual(['This password is too common.']);
    expect(passwordProblems('93820174655')).toEqual(['This password is entirely numeric.']);
    expect(passwordProblems('margaret77', { first_name: 'Margaret', last_name: 'Hamilton' })).toEqual([
      'The password is too similar to the first name.',
    ]);
    expect(passwordProblems('hamiltonms1', { email: 'm.hamilton@nasa.example' })).toEqual([
      'The password is too similar to the email address.',
    ]);
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 60 }), (password, username) => {
        expect(Array.isArray(passwordProblems(password, { username }))).toBe(true);
      }),
    );
  });
});
