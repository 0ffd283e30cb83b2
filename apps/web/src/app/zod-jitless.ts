/**
 * zod compiles a fast validator with `new Function` unless told not to, and a strict
 * Content-Security-Policy (no 'unsafe-eval') reports even the probe it catches as a violation
 * (issue 13, finding 11). Imported first by the entry point, before any schema parses.
 *
 * zod keeps its global configuration on `globalThis.__zod_globalConfig` (zod/v4/core/core.js) and
 * `z.config()` merges into that object. Setting it here, before zod loads, keeps zod itself out of the
 * entry chunk (importing `config` from zod/v4/core still brought 10 KB of zod's core with it);
 * zod-jitless.test.ts proves zod sees the setting, so an upgrade that moves it fails the test.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
