import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives a complete embedded setup with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      host: 'localhost',
      publicUrl: 'http://localhost:8000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      seedDemo: true,
      accessTokenTtlMs: 600_000,
      refreshTokenTtlMs: 7 * 86_400_000,
      corsAllowedOrigins: [],
      bodyLimit: 1024 * 1024,
      links: { cv: '', sourceCode: '', professionalNetwork: '', allApps: '/' },
      reportHideThreshold: 3,
    });
  });

  it('reads every kind of value', () => {
    const config = loadConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://portal.example.com/',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      REDIS_URL: 'redis://cache:6379',
      SEED_DEMO: 'false',
      ACCESS_TOKEN_TTL: '30s',
      CORS_ALLOWED_ORIGINS: 'http://localhost:5173 https://a.example.com',
      BODY_LIMIT: '2mb',
      JWT_SECRET: 'x'.repeat(40),
      REPORT_HIDE_THRESHOLD: '5',
    });
    expect(config.reportHideThreshold).toBe(5);
    expect(config.port).toBe(9000);
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.seedDemo).toBe(false);
    expect(config.accessTokenTtlMs).toBe(30_000);
    expect(config.corsAllowedOrigins).toEqual(['http://localhost:5173', 'https://a.example.com']);
    expect(config.bodyLimit).toBe(2 * 1024 * 1024);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid setting PORT="abc": must be a whole number'],
    [{ PORT: '70000' }, 'Invalid setting PORT="70000": must be at most 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid setting DATABASE_URL="mysql://x": must be a postgres:// URL'],
    [{ SEED_DEMO: 'maybe' }, 'Invalid setting SEED_DEMO="maybe": must be true or false'],
    [{ REPORT_HIDE_THRESHOLD: '0' }, 'Invalid setting REPORT_HIDE_THRESHOLD="0": must be at least 1'],
    [{ JWT_SECRET: 'short' }, 'Invalid setting JWT_SECRET="short": must be at least 32 characters'],
    [
      { CORS_ALLOWED_ORIGINS: 'localhost:5173' },
      'Invalid setting CORS_ALLOWED_ORIGINS="localhost:5173": must be a space-separated list of origins such as http://localhost:5173',
    ],
    [{ REFRESH_TOKEN_TTL: '0s' }, 'Invalid setting REFRESH_TOKEN_TTL="0s": "0s" is not a duration such as 30s, 10m, 7d'],
    [
      { CV_URL: 'javascript:alert(1)' },
      'Invalid setting CV_URL="javascript:alert(1)": must be empty, a path starting with /, or an http(s) URL',
    ],
  ])('stops with one line naming the variable: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
