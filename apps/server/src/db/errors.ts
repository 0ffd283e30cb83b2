/** The name of the unique constraint a statement violated, if that is why it failed. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNREACHABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection terminated',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/**
 * Whether a statement failed because the database could not be reached or stopped answering
 * (refused, dropped or timed-out connections, a server shutting down), not because of the statement.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNREACHABLE_CODES.has(code)) return true;
      // SQLSTATE class 08 (connection exception); 57P01-57P03 (shutting down, crashed, not yet accepting).
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
    }
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((text) => message.includes(text))) return true;
  }
  return false;
}
