import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';

describe('zod in the browser (finding 11)', () => {
  it('validates without ever building a function from text, so a strict CSP sees no eval', async () => {
    const made = vi.spyOn(globalThis, 'Function');
    await import('./zod-jitless');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ email: z.string().email(), age: z.number().int(), tags: z.array(z.string()) });
    expect(schema.parse({ email: 'a@example.com', age: 3, tags: ['x'] })).toEqual({
      email: 'a@example.com',
      age: 3,
      tags: ['x'],
    });
    expect(schema.safeParse({ email: 'nope', age: 1.5, tags: [] }).success).toBe(false);
    expect(made).not.toHaveBeenCalled();
  });
});
