import { AI_LAB_ERROR_SUFFIX } from '@portal/contracts';
import { ApiError } from '../../../shared/api/api-client';

/** Spec §8: an AI lab failure reads as the server's message plus the advice to contact the administrator. */
export function labErrorText(error: unknown): string {
  let message: string;
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown } | null;
    message = typeof body?.message === 'string' ? body.message : error.message;
  } else {
    message = error instanceof Error ? error.message : String(error);
  }
  return `${message.trim()}${AI_LAB_ERROR_SUFFIX}`;
}
