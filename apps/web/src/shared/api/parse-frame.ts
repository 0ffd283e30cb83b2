import type { z } from 'zod';

const warned = new Set<string>();

/**
 * A frame from the server (a socket message, a server-sent event), checked against its contract
 * schema. One that is not JSON or not of the contract's shape is dropped: the page carries on as if
 * it never came, and the console says so once per source, not once per frame.
 */
export function parseFrame<S extends z.ZodType>(schema: S, raw: string, source: string): z.output<S> | undefined {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return dropped(source, 'not JSON');
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : dropped(source, parsed.error.issues[0]?.message ?? 'invalid');
}

function dropped(source: string, reason: string): undefined {
  if (!warned.has(source)) {
    warned.add(source);
    console.warn(`Ignored a ${source} frame that does not match the contract (${reason}); later ones are ignored silently.`);
  }
  return undefined;
}
