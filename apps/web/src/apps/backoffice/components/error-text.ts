import { ApiError } from '../../../shared/api/api-client';

/** What a failed action says to the person: the server's messages (a 409's reason, field errors), joined. */
export function errorText(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.messages.join(' ');
  return error instanceof Error ? error.message : String(error);
}
