import type { FastifyRequest } from 'fastify';
import { BO_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { requireOwner, requireStaff, requireUser, type AuthUser } from './auth-user.js';
import { Forbidden, Unauthenticated } from './domain-errors.js';

const caller = (role: AuthUser['role']): AuthUser => ({
  accountId: 3,
  sessionId: 's',
  via: 'jwt',
  legacyKeyHash: null,
  email: 'kim@example.com',
  username: 'kim',
  firstName: 'Kim',
  lastName: 'Tester',
  role,
});
const request = (user: AuthUser | null) => ({ user }) as FastifyRequest;

/** What a guard does for a caller: 'ok', or the error's class and message. */
function outcome(guard: (request: FastifyRequest) => AuthUser, user: AuthUser | null) {
  try {
    const known = guard(request(user));
    expect(known).toBe(user);
    return 'ok';
  } catch (error) {
    if (error instanceof Unauthenticated) return `401 ${error.message}`;
    if (error instanceof Forbidden) return `403 ${error.message}`;
    throw error;
  }
}

describe('role rules', () => {
  it.each([
    // caller, requireUser, requireStaff, requireOwner
    [null, '401', '401', '401'],
    ['customer', 'ok', `403 ${BO_MESSAGES.staffOnly}`, `403 ${BO_MESSAGES.staffOnly}`],
    ['staff', 'ok', 'ok', `403 ${BO_MESSAGES.ownerOnly}`],
    ['owner', 'ok', 'ok', 'ok'],
  ] as const)('%s: any signed-in %s, back office %s, roles %s', (who, user, staff, owner) => {
    const person = who === null ? null : caller(who === 'customer' ? null : who);
    const first = (text: string) => text.split(' ')[0];
    expect(first(outcome(requireUser, person))).toBe(user);
    expect(outcome(requireStaff, person).startsWith('401') ? '401' : outcome(requireStaff, person)).toBe(staff);
    expect(outcome(requireOwner, person).startsWith('401') ? '401' : outcome(requireOwner, person)).toBe(owner);
  });

  it('refuses an unknown role as it refuses a customer', () => {
    const odd = caller('admin' as never);
    expect(outcome(requireStaff, odd)).toBe(`403 ${BO_MESSAGES.staffOnly}`);
    expect(outcome(requireOwner, odd)).toBe(`403 ${BO_MESSAGES.staffOnly}`);
  });
});
