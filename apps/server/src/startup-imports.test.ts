import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * Issue 12 (warm start): the libraries of optional services (Redis, S3, Stripe, an OpenAI-compatible
 * AI provider) load only when configured, not with the app's modules at every start.
 */
describe('start-up imports', () => {
  it('load no optional service library with the app', async () => {
    await import('./app.js');
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.some((file) => /node_modules[\\/]fastify[\\/]/.test(file))).toBe(true);
    expect(loaded.filter((file) => /node_modules[\\/](ioredis|@aws-sdk[\\/]client-s3|stripe|openai)[\\/]/.test(file))).toEqual(
      [],
    );
  }, 60_000);
});
