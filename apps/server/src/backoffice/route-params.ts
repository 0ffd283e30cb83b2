import { z } from 'zod';
import { uuidParam } from '../core/ids.js';

export const idParam = z.coerce.number({ error: 'A valid integer is required.' }).int().positive().max(2_147_483_647);
export const idParams = z.object({ id: idParam });
/** A post id: anything but a UUID is an unknown post (404). */
export const postParams = z.object({
  id: z
    .string()
    .max(64)
    .transform((value) => uuidParam(value)),
});
export const TAGS = ['back office'];
export const STAFF_ROUTE = { auth: 'required' as const };
