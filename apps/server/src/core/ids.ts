import { NotFound } from './domain-errors.js';

/** A UUID in text form, any case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID path segment, lower-cased; anything else is an unknown id (404, as the contract's URL patterns answer). */
export function uuidParam(value: string): string {
  if (!UUID_PATTERN.test(value)) throw new NotFound();
  return value.toLowerCase();
}
