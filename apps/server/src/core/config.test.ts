import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, databaseOptions, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives a complete embedded setup with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      host: 'localhost',
      publicUrl: 'http://localhost:8000',
      publicUrlFollowsRequest: true,
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
    expect(config.publicUrlFollowsRequest).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.accessTokenTtlMs).toBe(30_000);
    expect(config.corsAllowedOrigins).toEqual(['http://localhost:5173', 'https://a.example.com']);
    expect(config.bodyLimit).toBe(2 * 1024 * 1024);
  });

  it('takes the shop name and address of invoices, Taberna and none by default, and refuses what cannot be printed', () => {
    expect(loadConfig({}).shop).toMatchObject({ name: 'Taberna', address: [] });
    const shop = loadConfig({
      SHOP_NAME: '  Casa Lusa  ',
      SHOP_ADDRESS: ' 12 Harbour Street |1100-148 Lisboa\nPortugal|| ',
    }).shop;
    expect(shop).toMatchObject({ name: 'Casa Lusa', address: ['12 Harbour Street', '1100-148 Lisboa', 'Portugal'] });
    for (const bad of ['', '   ', 'a'.repeat(101), 'Bell\u0007'])
      expect(() => loadConfig({ SHOP_NAME: bad }), bad).toThrow(/SHOP_NAME/);
    for (const bad of ['1|2|3|4|5|6|7', 'a'.repeat(101), 'Tab\there'])
      expect(() => loadConfig({ SHOP_ADDRESS: bad }), bad).toThrow(/SHOP_ADDRESS/);
  });

  it('takes an email or web address for SUSPENSION_CONTACT, nothing by default, and refuses anything else', () => {
    expect(loadConfig({}).suspensionContact).toBe('');
    expect(loadConfig({ SUSPENSION_CONTACT: ' moderation@example.com ' }).suspensionContact).toBe('moderation@example.com');
    expect(loadConfig({ SUSPENSION_CONTACT: 'https://help.example.com/appeals' }).suspensionContact).toBe(
      'https://help.example.com/appeals',
    );
    for (const bad of ['call us', 'javascript:alert(1)', 'ftp://example.com/x', `${'a'.repeat(200)}@example.com`]) {
      expect(() => loadConfig({ SUSPENSION_CONTACT: bad }), bad).toThrow(/SUSPENSION_CONTACT/);
    }
  });

  it('streams exports of up to 20,000 rows and files by default; ACCOUNT_EXPORT_INLINE_LIMIT changes it', () => {
    expect(loadConfig({}).accountExportInlineLimit).toBe(20_000);
    expect(loadConfig({ ACCOUNT_EXPORT_INLINE_LIMIT: '0' }).accountExportInlineLimit).toBe(0);
    expect(() => loadConfig({ ACCOUNT_EXPORT_INLINE_LIMIT: 'lots' })).toThrow(
      'Invalid setting ACCOUNT_EXPORT_INLINE_LIMIT="lots": must be a whole number',
    );
  });

  it('drains for no time by default, or as long as SHUTDOWN_DRAIN says (0 allowed)', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN: '3s' }).shutdownDrainMs).toBe(3_000);
    expect(loadConfig({ SHUTDOWN_DRAIN: '0' }).shutdownDrainMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_DRAIN: 'soon' })).toThrow(/SHUTDOWN_DRAIN/);
  });

  it('remembers callers for 1 s on one instance, not with Redis unless SESSION_CACHE_TTL says so', () => {
    expect(loadConfig({}).sessionCacheTtlMs).toBe(1000);
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).sessionCacheTtlMs).toBe(0);
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379', SESSION_CACHE_TTL: '500ms' }).sessionCacheTtlMs).toBe(500);
    for (const off of ['off', '0', '0s']) expect(loadConfig({ SESSION_CACHE_TTL: off }).sessionCacheTtlMs).toBe(0);
    for (const bad of ['soon', '-1s', '2m']) {
      expect(() => loadConfig({ SESSION_CACHE_TTL: bad })).toThrow(/SESSION_CACHE_TTL/);
    }
  });

  it('backs up daily at 03:00 into DATA_DIR/backups, keeping 7 daily and 4 weekly, unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portal' }).backups).toEqual({
      schedule: '0 3 * * *',
      dir: '/srv/portal/backups',
      keep: { last: 0, hourly: 0, daily: 7, weekly: 4, monthly: 0 },
    });
    expect(
      loadConfig({ BACKUP_SCHEDULE: '*/2 * * * * *', BACKUP_DIR: '/mnt/backups', BACKUP_KEEP: '3, 24h + 12m' }).backups,
    ).toEqual({
      schedule: '*/2 * * * * *',
      dir: '/mnt/backups',
      keep: { last: 3, hourly: 24, daily: 0, weekly: 0, monthly: 12 },
    });
    expect(loadConfig({ BACKUP_SCHEDULE: 'off', BACKUP_KEEP: 'all' }).backups).toMatchObject({
      schedule: undefined,
      keep: 'all',
    });
    expect(loadConfig({ BACKUP_SCHEDULE: '@daily' }).backups.schedule).toBe('@daily');
    for (const bad of ['3am', '61 * * * *', 'daily at 3']) {
      expect(() => loadConfig({ BACKUP_SCHEDULE: bad })).toThrow(/^Invalid setting BACKUP_SCHEDULE=.*cron schedule/);
    }
    for (const bad of ['', '0d', '7x', 'seven', '7d,,4w', 'all,7d']) {
      expect(() => loadConfig({ BACKUP_KEEP: bad })).toThrow(/^Invalid setting BACKUP_KEEP=/);
    }
  });

  it('opens /metrics to other machines only with a METRICS_TOKEN of 16+ characters, never shown in errors', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'k'.repeat(32) }).metricsToken).toBe('k'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow('Invalid setting METRICS_TOKEN (value hidden)');
    expect(() => loadConfig({ METRICS_TOKEN: 'has spaces in the token' })).toThrow(/METRICS_TOKEN \(value hidden\)/);
  });

  it('keeps media on disk by default and in a bucket when S3_BUCKET is set', () => {
    expect(loadConfig({}).media).toEqual({ kind: 'disk' });
    expect(loadConfig({ S3_BUCKET: 'portal-media', S3_ENDPOINT: 'http://127.0.0.1:9000' }).media).toMatchObject({
      kind: 's3',
      bucket: 'portal-media',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'portal-media' }).media).toMatchObject({ forcePathStyle: false, endpoint: undefined });
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow('Invalid setting S3_BUCKET="Bad_Bucket"');
  });

  it('reads the shop settings: tax as basis points, Stripe only with a secret key', () => {
    expect(loadConfig({}).shop).toEqual({
      taxRateBp: 200,
      currency: 'USD',
      name: 'Taberna',
      address: [],
      guestCartTtlMs: 30 * 86_400_000,
      orderPaymentTtlMs: 30 * 60_000,
      stripe: undefined,
      testCheckout: true,
    });
    const shop = loadConfig({
      TAX_RATE: '0.0725',
      GUEST_CART_TTL: '2d',
      ORDER_PAYMENT_TTL: '1h',
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_xyz',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      STORE_CURRENCY: ' eur ',
    }).shop;
    expect(shop).toEqual({
      taxRateBp: 725,
      currency: 'EUR',
      name: 'Taberna',
      address: [],
      guestCartTtlMs: 2 * 86_400_000,
      orderPaymentTtlMs: 3_600_000,
      stripe: { secretKey: 'sk_test_abc123', webhookSecret: 'whsec_xyz', apiUrl: 'http://127.0.0.1:12111' },
      testCheckout: true,
    });
    expect(loadConfig({ TAX_RATE: '0' }).shop.taxRateBp).toBe(0);
    expect(loadConfig({ TEST_CHECKOUT: 'false' }).shop.testCheckout).toBe(false);
    expect(loadConfig({}).failpoint).toBeUndefined();
    expect(loadConfig({ TEST_FAILPOINT: 'after-charge-recorded' }).failpoint).toBe('after-charge-recorded');
    expect(() => loadConfig({ TEST_FAILPOINT: 'anywhere' })).toThrow(/TEST_FAILPOINT/);
    expect(loadConfig({ STRIPE_SECRET_KEY: '' }).shop.stripe).toBeUndefined();
  });

  it.each([
    [{ TAX_RATE: '2%' }, 'Invalid setting TAX_RATE="2%": must be a decimal from 0 to 1 such as 0.02'],
    [{ TAX_RATE: '1.5' }, 'Invalid setting TAX_RATE="1.5": must be a decimal from 0 to 1 such as 0.02'],
    [
      { STORE_CURRENCY: 'EURO' },
      'Invalid setting STORE_CURRENCY="EURO": must be an ISO 4217 currency with cents, such as USD, EUR or GBP',
    ],
    [
      { STORE_CURRENCY: 'XYZ' },
      'Invalid setting STORE_CURRENCY="XYZ": must be an ISO 4217 currency with cents, such as USD, EUR or GBP',
    ],
    [
      { STORE_CURRENCY: 'JPY' },
      'Invalid setting STORE_CURRENCY="JPY": must be an ISO 4217 currency with cents, such as USD, EUR or GBP',
    ],
    [
      { STRIPE_SECRET_KEY: 'pk_test_1' },
      'Invalid setting STRIPE_SECRET_KEY (value hidden): must be a Stripe secret key (sk_… or rk_…)',
    ],
    [
      { STRIPE_WEBHOOK_SECRET: 'abc' },
      'Invalid setting STRIPE_WEBHOOK_SECRET (value hidden): must be a Stripe webhook signing secret (whsec_…)',
    ],
    [{ ORDER_PAYMENT_TTL: 'soon' }, 'Invalid setting ORDER_PAYMENT_TTL="soon": "soon" is not a duration such as 30s, 10m, 7d'],
    [{ PORT: 'abc' }, 'Invalid setting PORT="abc": must be a whole number'],
    [{ PORT: '70000' }, 'Invalid setting PORT="70000": must be at most 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid setting DATABASE_URL (value hidden): must be a postgres:// URL'],
    [{ SEED_DEMO: 'maybe' }, 'Invalid setting SEED_DEMO="maybe": must be true or false'],
    [{ REPORT_HIDE_THRESHOLD: '0' }, 'Invalid setting REPORT_HIDE_THRESHOLD="0": must be at least 1'],
    [{ JWT_SECRET: 'short' }, 'Invalid setting JWT_SECRET (value hidden): must be at least 32 characters'],
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

  it('runs the AI lab on the local engines unless a provider is set', () => {
    expect(loadConfig({}).ai).toEqual({
      provider: undefined,
      chatModel: 'gpt-4o-mini',
      imageModel: 'dall-e-3',
      ttsModel: 'gpt-4o-mini-tts',
      ttsVoice: 'alloy',
      realtimeModel: 'gpt-4o-realtime-preview-2024-12-17',
      transcriptionModel: 'whisper-1',
      contextTokens: 16_000,
      timeoutMs: 60_000,
      rateLimit: { count: 30, windowMs: 600_000 },
      mediaTtlMs: 86_400_000,
    });
    expect(loadConfig({ AI_API_KEY: 'sk-abc' }).ai.provider).toEqual({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-abc' });
    const ollama = loadConfig({
      AI_BASE_URL: 'http://localhost:11434/v1/',
      AI_CHAT_MODEL: 'llava',
      AI_IMAGE_MODEL: 'local',
      AI_RATE_LIMIT: '5 / 1h',
      AI_TRANSCRIPTION_MODEL: 'local',
      AI_CONTEXT_TOKENS: '128000',
    }).ai;
    expect(ollama.provider).toEqual({ baseUrl: 'http://localhost:11434/v1', apiKey: undefined });
    expect(ollama).toMatchObject({
      chatModel: 'llava',
      imageModel: 'local',
      transcriptionModel: 'local',
      contextTokens: 128_000,
      rateLimit: { count: 5, windowMs: 3_600_000 },
    });
  });

  it.each([
    [{ AI_BASE_URL: 'ftp://x' }, 'Invalid setting AI_BASE_URL="ftp://x": must be a http(s) URL'],
    [
      { AI_RATE_LIMIT: 'lots' },
      'Invalid setting AI_RATE_LIMIT="lots": "lots" is not a rate such as 30/10m (requests per window)',
    ],
    [
      { AI_RATE_LIMIT: '0/1m' },
      'Invalid setting AI_RATE_LIMIT="0/1m": "0/1m" is not a rate such as 30/10m (requests per window)',
    ],
    [{ AI_MEDIA_TTL: 'forever' }, 'Invalid setting AI_MEDIA_TTL="forever": "forever" is not a duration such as 30s, 10m, 7d'],
    [
      { AI_CHAT_MODEL: 'gpt 4o' },
      'Invalid setting AI_CHAT_MODEL="gpt 4o": must be a model name (letters, digits and . : / @ + - _) or local',
    ],
    [{ AI_TTS_VOICE: 'al loy' }, 'Invalid setting AI_TTS_VOICE="al loy": must be a voice name such as alloy'],
    [
      { AI_TRANSCRIPTION_MODEL: 'whisper 1' },
      'Invalid setting AI_TRANSCRIPTION_MODEL="whisper 1": must be a model name (letters, digits and . : / @ + - _) or local',
    ],
    [{ AI_CONTEXT_TOKENS: '500' }, 'Invalid setting AI_CONTEXT_TOKENS="500": must be at least 1000'],
    [{ AI_CONTEXT_TOKENS: 'lots' }, 'Invalid setting AI_CONTEXT_TOKENS="lots": must be a whole number'],
  ])('stops on a bad AI setting: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lets a Hyper 3D scene take 20 MB by default, or HYPER3D_SCENE_LIMIT, within 64 KB and 1 GB', () => {
    expect(loadConfig({}).hyper3dSceneLimit).toBe(20 * 1024 * 1024);
    expect(loadConfig({ HYPER3D_SCENE_LIMIT: '200mb' }).hyper3dSceneLimit).toBe(200 * 1024 * 1024);
    expect(loadConfig({}).writeLimits?.scene).toEqual({ count: 30, windowMs: 600_000 });
    expect(loadConfig({ WRITE_LIMIT_SCENES: '5/1m' }).writeLimits?.scene).toEqual({ count: 5, windowMs: 60_000 });
    expect(() => loadConfig({ HYPER3D_SCENE_LIMIT: 'lots' })).toThrow(
      'Invalid setting HYPER3D_SCENE_LIMIT="lots": "lots" is not a size such as 512kb or 1mb',
    );
    expect(() => loadConfig({ HYPER3D_SCENE_LIMIT: '1kb' })).toThrow(
      'Invalid setting HYPER3D_SCENE_LIMIT="1kb": must be from 64kb to 1gb',
    );
  });

  it('never prints the API key, even when it is wrong', () => {
    expect(() => loadConfig({ AI_API_KEY: 'sk-secret with-space' })).toThrow(
      'Invalid setting AI_API_KEY (value hidden): must not contain spaces',
    );
    expect(() => loadConfig({ AI_API_KEY: 'sk-secret with-space' })).not.toThrow(/sk-secret/);
  });

  it.each([
    { JWT_SECRET: 'hunter2-short' },
    { STRIPE_SECRET_KEY: 'pk_hunter2' },
    { STRIPE_WEBHOOK_SECRET: 'hunter2' },
    { DATABASE_URL: 'mysql://portal:hunter2@db/portal' },
    { REDIS_URL: 'http://:hunter2@cache:6379' },
    { SMTP_URL: 'ftp://mail:hunter2@mail.example.com' },
  ])('never prints a secret or a URL that may hold a password: %j', (env) => {
    const name = Object.keys(env)[0]!;
    expect(() => loadConfig(env)).toThrow(`Invalid setting ${name} (value hidden)`);
    expect(() => loadConfig(env)).not.toThrow(/hunter2/);
  });
});

describe('expensive reads (issue 24)', () => {
  it('runs four at once, lets one wait half a second for its turn and stops a statement after two seconds, by default', () => {
    expect(loadConfig({}).expensiveReads).toEqual({ concurrency: 4, queueWaitMs: 500, timeoutMs: 2_000 });
  });

  it('reads its settings, a wait of 0 refusing at once', () => {
    expect(
      loadConfig({ EXPENSIVE_READ_CONCURRENCY: '8', EXPENSIVE_READ_QUEUE_WAIT: '0', EXPENSIVE_READ_TIMEOUT: '750ms' })
        .expensiveReads,
    ).toEqual({ concurrency: 8, queueWaitMs: 0, timeoutMs: 750 });
  });

  it('refuses values that would starve the portal or never answer, naming the setting', () => {
    for (const [name, value] of [
      ['EXPENSIVE_READ_CONCURRENCY', '0'],
      ['EXPENSIVE_READ_CONCURRENCY', '101'],
      ['EXPENSIVE_READ_CONCURRENCY', 'many'],
      ['EXPENSIVE_READ_QUEUE_WAIT', '31s'],
      ['EXPENSIVE_READ_QUEUE_WAIT', 'soon'],
      ['EXPENSIVE_READ_TIMEOUT', '0'],
      ['EXPENSIVE_READ_TIMEOUT', '50ms'],
      ['EXPENSIVE_READ_TIMEOUT', '11m'],
    ]) {
      expect(() => loadConfig({ [name!]: value }), `${name}=${value}`).toThrow(`Invalid setting ${name}="${value}"`);
    }
  });
});

describe('databaseOptions', () => {
  it('carries every database setting to the pool, so a stopped database fails requests fast', () => {
    const log = () => undefined;
    const options = databaseOptions(
      loadConfig({
        DATABASE_URL: 'postgres://u:p@db:5432/portal',
        DATABASE_POOL_SIZE: '7',
        DATABASE_CONNECT_TIMEOUT: '2s',
        DATABASE_QUERY_TIMEOUT: '3s',
        EMBEDDED_POSTGRES_USER: 'nobody',
        EMBEDDED_POSTGRES_SHARED_BUFFERS: '64mb',
        DATA_DIR: '/srv/portal',
      }),
      log,
    );
    expect(options).toEqual({
      databaseUrl: 'postgres://u:p@db:5432/portal',
      dataDir: '/srv/portal',
      embeddedAccount: 'nobody',
      embeddedSharedBuffers: 64 * 1024 * 1024,
      poolSize: 7,
      connectTimeoutMs: 2_000,
      queryTimeoutMs: 3_000,
      log,
    });
  });

  it('gives the embedded PostgreSQL a 32 MB buffer cache by default, or EMBEDDED_POSTGRES_SHARED_BUFFERS from 128 KB to 64 GB', () => {
    expect(databaseOptions(loadConfig({})).embeddedSharedBuffers).toBe(32 * 1024 * 1024);
    expect(databaseOptions(loadConfig({ EMBEDDED_POSTGRES_SHARED_BUFFERS: '128kb' })).embeddedSharedBuffers).toBe(128 * 1024);
    expect(databaseOptions(loadConfig({ EMBEDDED_POSTGRES_SHARED_BUFFERS: '1gb' })).embeddedSharedBuffers).toBe(1024 ** 3);
    expect(() => loadConfig({ EMBEDDED_POSTGRES_SHARED_BUFFERS: '127kb' })).toThrow(
      'Invalid setting EMBEDDED_POSTGRES_SHARED_BUFFERS="127kb": must be from 128kb to 64gb',
    );
    expect(() => loadConfig({ EMBEDDED_POSTGRES_SHARED_BUFFERS: '65gb' })).toThrow('must be from 128kb to 64gb');
    expect(() => loadConfig({ EMBEDDED_POSTGRES_SHARED_BUFFERS: 'lots' })).toThrow(
      'Invalid setting EMBEDDED_POSTGRES_SHARED_BUFFERS="lots": "lots" is not a size such as 512kb or 1mb',
    );
  });

  it('keeps the default timeouts when none is set', () => {
    expect(databaseOptions(loadConfig({}))).toMatchObject({ connectTimeoutMs: 5_000, queryTimeoutMs: 30_000 });
  });
});
