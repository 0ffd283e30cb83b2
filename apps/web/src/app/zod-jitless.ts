import { z } from 'zod';

/**
 * zod compiles a fast validator with `new Function` unless told not to, and a strict
 * Content-Security-Policy (no 'unsafe-eval') reports even the probe it catches as a violation
 * (issue 13, finding 11). Imported first by the entry point, before any schema parses.
 */
z.config({ jitless: true });
