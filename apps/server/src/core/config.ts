import path from 'node:path';
import { z } from 'zod';
import { Cron } from 'croner';
import { parseKeepPolicy, type KeepPolicy } from './backup/retention.js';
import { parseDuration, parseSize } from './durations.js';
import type { S3Options } from './media/s3-media-storage.js';
import type { Rate, WriteAction } from './write-limits.js';
import type { DatabaseOptions } from '../db/client.js';
import type { ExpensiveReadLimits } from './expensive-reads.js';

/** "0", "0s", "0ms" …: a duration of nothing, which parseDuration refuses. */
const isZeroDuration = (text: string) => /^\s*0+(ms|s|m|h|d)?\s*$/.test(text);

const duration = (fallback: string, { zero = false } = {}) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const ms = zero && isZeroDuration(text) ? 0 : parseDuration(text);
      if (ms === undefined) {
        ctx.addIssue({ code: 'custom', message: `"${text}" is not a duration such as 30s, 10m, 7d` });
        return z.NEVER;
      }
      return ms;
    });

const size = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const bytes = parseSize(text);
      if (bytes === undefined) {
        ctx.addIssue({ code: 'custom', message: `"${text}" is not a size such as 512kb or 1mb` });
        return z.NEVER;
      }
      return bytes;
    });

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

const url = (protocols: RegExp, what: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.test(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a ${what} URL` },
  );

const optionalUrl = (protocols: RegExp, what: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(url(protocols, what).optional());

/** `<count>/<duration>`, e.g. `30/10m`: that many requests per window. */
const rate = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const match = /^\s*(\d+)\s*\/\s*(\S+)\s*$/.exec(text);
      const count = match ? Number(match[1]) : 0;
      const windowMs = match ? parseDuration(match[2]!) : undefined;
      if (!match || count < 1 || count > 1_000_000 || windowMs === undefined) {
        ctx.addIssue({ code: 'custom', message: `"${text}" is not a rate such as 30/10m (requests per window)` });
        return z.NEVER;
      }
      return { count, windowMs };
    });

/** A model name, or `local` to keep the built-in engine for that feature. */
const model = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((value) => value || fallback)
    .pipe(
      z.string().regex(/^[\w.:/@+-]{1,120}$/, { error: 'must be a model name (letters, digits and . : / @ + - _) or local' }),
    );

/**
 * A currency of ISO 4217 that has cents (two decimal places): the shop keeps amounts in cents and
 * Stripe takes them so. Currencies without (JPY) or with three places (KWD) would be off by 100 or 10.
 */
function isCentsCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) return false;
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits === 2;
}

const link = z
  .string()
  .default('')
  .refine((value) => value === '' || value.startsWith('/') || /^https?:\/\//.test(value), {
    error: 'must be empty, a path starting with /, or an http(s) URL',
  });

/** Issue 27: how a suspended person reaches the staff: an email address, an http(s) address, or nothing. */
const contact = z
  .string()
  .trim()
  .max(200, { error: 'must be at most 200 characters' })
  .default('')
  .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || /^https?:\/\/[^\s]+$/.test(value), {
    error: 'must be empty, an email address, or an http(s) URL',
  });

/** Printable text without control characters (the shop's name and address lines on invoices). */
const PRINTABLE = /^[^\p{Cc}]+$/u;
const shopName = z
  .string()
  .default('Taberna')
  .transform((text) => text.trim())
  .refine((text) => text.length >= 1 && text.length <= 100 && PRINTABLE.test(text), {
    error: 'must be 1 to 100 printable characters',
  });
/** Lines separated by `|` or new lines; blank lines dropped; at most 6 lines of at most 100 characters. */
const shopAddress = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(/\r?\n|\|/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  )
  .refine((lines) => lines.length <= 6 && lines.every((line) => line.length <= 100 && PRINTABLE.test(line)), {
    error: 'must be at most 6 lines (separated by | or new lines) of at most 100 printable characters',
  });

const originList = z
  .string()
  .default('')
  .transform((text) => text.split(/[\s,]+/).filter(Boolean))
  .refine((origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)), {
    error: 'must be a space-separated list of origins such as http://localhost:5173',
  });

/** A cron pattern croner accepts (5 fields, or 6 with seconds first; `@daily` …), or `off`. */
const schedule = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((text, ctx) => {
      if (text === 'off') return undefined;
      try {
        new Cron(text, { paused: true }).stop();
        return text;
      } catch {
        ctx.addIssue({ code: 'custom', message: `"${text}" is not off or a cron schedule such as "0 3 * * *" (daily at 03:00)` });
        return z.NEVER;
      }
    });

/** Every setting the server reads, with its default. The README's configuration table mirrors this. */
const envSchema = z.object({
  PORT: int(8000, 0, 65535),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: optionalUrl(/^https?:$/, 'http(s)'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'postgres://'),
  DATABASE_POOL_SIZE: int(10, 1, 200),
  DATABASE_CONNECT_TIMEOUT: duration('5s'),
  DATABASE_QUERY_TIMEOUT: duration('30s'),
  EXPENSIVE_READ_CONCURRENCY: int(4, 1, 100),
  EXPENSIVE_READ_QUEUE_WAIT: duration('500ms', { zero: true }).refine((ms) => ms <= 30_000, { error: 'must be at most 30s' }),
  EXPENSIVE_READ_TIMEOUT: duration('2s').refine((ms) => ms >= 100 && ms <= 600_000, { error: 'must be from 100ms to 10m' }),
  EMBEDDED_POSTGRES_USER: z
    .string()
    .regex(/^[a-z_][\w.-]{0,31}$/i, { error: 'must be the name of an existing account' })
    .optional(),
  EMBEDDED_POSTGRES_SHARED_BUFFERS: size('32mb').refine((bytes) => bytes >= 128 * 1024 && bytes <= 64 * 1024 ** 3, {
    error: 'must be from 128kb to 64gb',
  }),
  REDIS_URL: optionalUrl(/^rediss?:$/, 'redis://'),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,40}$/, { error: 'must be 1-40 letters, digits, or _ : . -' })
    .default('portal:'),
  SEED_DEMO: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  ACCESS_TOKEN_TTL: duration('10m'),
  REFRESH_TOKEN_TTL: duration('7d'),
  ACTIVATION_TTL: duration('3d'),
  PASSWORD_RESET_TTL: duration('1h'),
  LOGIN_MAX_FAILURES: int(10, 1, 10_000),
  LOGIN_ACCOUNT_MAX_FAILURES: int(100, 1, 1_000_000),
  LOGIN_ADDRESS_MAX_FAILURES: int(50, 1, 1_000_000),
  LOGIN_FAILURE_WINDOW: duration('15m'),
  REGISTRATIONS_PER_HOUR: int(20, 1, 100_000),
  CORS_ALLOWED_ORIGINS: originList,
  BODY_LIMIT: size('1mb'),
  TRUST_PROXY: bool(false),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'smtp:// or smtps://'),
  MAIL_FROM: z.string().min(3).default('Portal <no-reply@localhost>'),
  CV_URL: link,
  SOURCE_CODE_URL: link,
  PROFESSIONAL_NETWORK_URL: link,
  ALL_APPS_URL: link.default('/'),
  WEB_DIST_DIR: z.string().optional(),
  S3_BUCKET: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
          error: 'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)',
        })
        .optional(),
    ),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalUrl(/^https?:$/, 'http(s)'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', ''], { error: 'must be true or false' }).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: optionalUrl(/^https?:$/, 'http(s)'),
  SHUTDOWN_TIMEOUT: duration('10s'),
  SHUTDOWN_DRAIN: duration('0s', { zero: true }),
  SOCKET_PING_INTERVAL: duration('30s'),
  JOB_INTERVAL: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value : undefined))
    .pipe(duration('1m').optional()),
  TAX_RATE: z
    .string()
    .default('0.02')
    .refine((text) => /^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(text), { error: 'must be a decimal from 0 to 1 such as 0.02' })
    .transform((text) => Math.round(Number(text) * 10_000)),
  SHOP_NAME: shopName,
  SHOP_ADDRESS: shopAddress,
  STORE_CURRENCY: z
    .string()
    .default('USD')
    .transform((text) => text.trim().toUpperCase())
    .refine(isCentsCurrency, { error: 'must be an ISO 4217 currency with cents, such as USD, EUR or GBP' }),
  GUEST_CART_TTL: duration('30d'),
  ORDER_PAYMENT_TTL: duration('30m'),
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, { error: 'must be a Stripe secret key (sk_… or rk_…)' })
        .optional(),
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9_]+$/, { error: 'must be a Stripe webhook signing secret (whsec_…)' })
        .optional(),
    ),
  STRIPE_API_URL: optionalUrl(/^https?:$/, 'http(s)'),
  TEST_CHECKOUT: bool(true),
  TEST_FAILPOINT: z.enum(['', 'after-charge-recorded'], { error: 'must be empty or after-charge-recorded' }).default(''),
  REPORT_HIDE_THRESHOLD: int(3, 1, 1_000_000),
  SUSPENSION_CONTACT: contact,
  ACCOUNT_EXPORT_INLINE_LIMIT: int(20_000, 0, 100_000_000),
  AI_BASE_URL: optionalUrl(/^https?:$/, 'http(s)'),
  AI_API_KEY: z
    .string()
    .optional()
    .transform((value) => (value?.trim() === '' ? undefined : value?.trim()))
    .pipe(z.string().max(1000).regex(/^\S+$/, { error: 'must not contain spaces' }).optional()),
  AI_CHAT_MODEL: model('gpt-4o-mini'),
  AI_IMAGE_MODEL: model('dall-e-3'),
  AI_TTS_MODEL: model('gpt-4o-mini-tts'),
  AI_TTS_VOICE: z
    .string()
    .trim()
    .default('alloy')
    .pipe(z.string().regex(/^[\w.-]{1,60}$/, { error: 'must be a voice name such as alloy' })),
  // Spec §9: the realtime model is a realtime preview model from 2024-12.
  AI_REALTIME_MODEL: model('gpt-4o-realtime-preview-2024-12-17'),
  AI_TRANSCRIPTION_MODEL: model('whisper-1'),
  AI_CONTEXT_TOKENS: int(16_000, 1_000, 2_000_000),
  AI_TIMEOUT: duration('60s'),
  AI_RATE_LIMIT: rate('30/10m'),
  AI_MEDIA_TTL: duration('24h'),
  RATE_LIMITS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  PUBLIC_CACHE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  SSR: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  // Unset: 1s on one instance, off with REDIS_URL (see sessionCacheTtlMs).
  SESSION_CACHE_TTL: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return undefined;
      if (text.trim() === 'off' || isZeroDuration(text)) return 0;
      const ms = parseDuration(text);
      if (ms === undefined || ms > 60_000) {
        ctx.addIssue({ code: 'custom', message: `"${text}" is not off or a duration up to a minute, such as 1s or 500ms` });
        return z.NEVER;
      }
      return ms;
    }),
  BACKUP_SCHEDULE: schedule('0 3 * * *'),
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: z
    .string()
    .default('7d,4w')
    .transform((text, ctx) => {
      const policy = parseKeepPolicy(text);
      if (!policy) {
        ctx.addIssue({ code: 'custom', message: `"${text}" is not all or terms such as 7d,4w (n, nh, nd, nw, nm)` });
        return z.NEVER;
      }
      return policy;
    }),
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^[\x21-\x7e]{16,200}$/, { error: 'must be 16-200 printable characters without spaces' })
        .optional(),
    ),
  WRITE_LIMIT_POSTS: rate('10/1m'),
  WRITE_LIMIT_COMMENTS: rate('30/1m'),
  WRITE_LIMIT_LIKES: rate('60/1m'),
  WRITE_LIMIT_REPORTS: rate('20/1h'),
  WRITE_LIMIT_FRIEND_REQUESTS: rate('30/1h'),
  WRITE_LIMIT_CHAT_MESSAGES: rate('60/1m'),
  WRITE_LIMIT_REVIEWS: rate('10/1h'),
  WRITE_LIMIT_SCENES: rate('30/10m'),
  HYPER3D_SCENE_LIMIT: size('20mb').refine((bytes) => bytes >= 64 * 1024 && bytes <= 1024 * 1024 * 1024, {
    error: 'must be from 64kb to 1gb',
  }),
});

/** Settings whose values never appear in a message, even when they are wrong. */
const SECRET_SETTINGS = new Set([
  'AI_API_KEY',
  'JWT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
  // Connection URLs may carry passwords.
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
]);

export type Env = Record<string, string | undefined>;

/**
 * How the portal opens its database, from its settings: the one place both the server's start
 * (which opens it early, while the modules load) and the app read them, so neither drops a setting.
 */
export function databaseOptions(config: Config, log?: (message: string) => void): DatabaseOptions {
  return {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedAccount: config.embeddedPostgresUser,
    embeddedSharedBuffers: config.embeddedPostgresSharedBuffers,
    poolSize: config.databasePoolSize,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    ...(log ? { log } : {}),
  };
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** PUBLIC_URL is unset: links in answers follow each request's origin (emails keep publicUrl). */
  publicUrlFollowsRequest: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** How long a request waits for a database connection (new or from the pool) before failing with 503. */
  databaseConnectTimeoutMs: number;
  /** How long one statement may take before the client gives up on it (and drops the connection). */
  databaseQueryTimeoutMs: number;
  /**
   * Searches and other reads whose cost grows with the data (core/expensive-reads.ts): at most
   * `concurrency` at once on a pool of their own, each waiting at most `queueWaitMs` for its turn,
   * each statement stopped after `timeoutMs`.
   */
  expensiveReads: ExpensiveReadLimits;
  /** The account the embedded PostgreSQL runs as when the portal runs as root. */
  embeddedPostgresUser: string | undefined;
  /** EMBEDDED_POSTGRES_SHARED_BUFFERS: the embedded server's buffer cache, in bytes. */
  embeddedPostgresSharedBuffers: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  seedDemo: boolean;
  logLevel: string;
  jwtSecret: string | undefined;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  activationTtlMs: number;
  passwordResetTtlMs: number;
  /** Failed password checks allowed per account and address pair, per window. */
  loginMaxFailures: number;
  /** The account-wide ceiling (every address together) and the address-wide one (every account). */
  loginAccountMaxFailures: number;
  loginAddressMaxFailures: number;
  loginFailureWindowMs: number;
  registrationsPerHour: number;
  corsAllowedOrigins: string[];
  bodyLimit: number;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  links: { cv: string; sourceCode: string; professionalNetwork: string; allApps: string };
  webDistDir: string;
  shutdownTimeoutMs: number;
  /** How long /readyz answers 503 after SIGTERM before the server stops taking connections. */
  shutdownDrainMs: number;
  /** How often chat and notification sockets are pinged; one without a pong by the next ping is dropped. */
  socketPingIntervalMs: number;
  /** JOB_INTERVAL: one period for every scheduled job instead of each job's own (tests), or undefined. */
  jobIntervalMs: number | undefined;
  /** Where media files live: `DATA_DIR/media`, or an S3-compatible bucket when `S3_BUCKET` is set. */
  media: { kind: 'disk' } | ({ kind: 's3' } & S3Options);
  shop: {
    /** Tax as basis points of the cart total (0.02 → 200). */
    taxRateBp: number;
    /** STORE_CURRENCY: the currency of every price (ISO 4217, one with cents), e.g. "USD". */
    currency: string;
    /** SHOP_NAME: who sells, as invoices and packing slips say it (issue 28). */
    name: string;
    /** SHOP_ADDRESS: the seller's address under the name, line by line; none: only the name. */
    address: string[];
    guestCartTtlMs: number;
    orderPaymentTtlMs: number;
    stripe: { secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined } | undefined;
    /** Without Stripe: true → the built-in test checkout takes payments; false → checkout answers 503. */
    testCheckout: boolean;
  };
  /** Tests only: a named point where the process kills itself (SIGKILL), to prove crash safety there. */
  failpoint: 'after-charge-recorded' | undefined;
  /** Distinct reports that hide a social post from everyone but its author. */
  reportHideThreshold: number;
  /** Issue 27: how a suspended person reaches the staff (an email or web address), shown on the suspended page; '' none. */
  suspensionContact: string;
  /**
   * Rows and files above which a member's export is a very large one (issue 26): built in the
   * background and mailed as a link (202) instead of streamed in the answer (200).
   */
  accountExportInlineLimit: number;
  ai: AiConfig;
  /** Anonymous public reads answered from memory, dropped on change (PUBLIC_CACHE). */
  publicCache: boolean;
  /** Pages that opt in are rendered on the server and hydrated in the browser (SSR). */
  ssr: boolean;
  /**
   * How long a Bearer token's caller is remembered (SESSION_CACHE_TTL, core/session-cache.ts); 0 off.
   * Unset: 1 s on one instance, where every change drops it at once; off with REDIS_URL, where
   * another instance hears of a logout only through the bus.
   */
  sessionCacheTtlMs: number;
  /** Per-account write limits (count per window), or undefined when RATE_LIMITS=off. */
  writeLimits: Record<WriteAction, Rate> | undefined;
  backups: {
    /** BACKUP_SCHEDULE: a cron pattern in local time, or undefined when `off`. */
    schedule: string | undefined;
    /** BACKUP_DIR: where backups are written (default DATA_DIR/backups). */
    dir: string;
    keep: KeepPolicy;
  };
  /** METRICS_TOKEN: a bearer token that opens /metrics to other machines (loopback needs none). */
  metricsToken: string | undefined;
  /** Bytes one Hyper 3D scene may take with its files (HYPER3D_SCENE_LIMIT); its save route reads up to this. */
  hyper3dSceneLimit: number;
}

/** The AI lab's settings: a provider when AI_BASE_URL or AI_API_KEY is set, the local engines otherwise. */
export interface AiConfig {
  provider: { baseUrl: string; apiKey: string | undefined } | undefined;
  /** A model name per feature, or `local` for the built-in engine. */
  chatModel: string;
  imageModel: string;
  ttsModel: string;
  ttsVoice: string;
  realtimeModel: string;
  /** Voice input's speech-to-text model (`/audio/transcriptions`), or `local`: the browser's own. */
  transcriptionModel: string;
  /** The most context a chat model is given (tokens): attached documents are cut to fit it, or the model's own when smaller. */
  contextTokens: number;
  timeoutMs: number;
  rateLimit: { count: number; windowMs: number };
  mediaTtlMs: number;
}

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');

/** Reads and validates the environment. Throws one ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const shown = SECRET_SETTINGS.has(name) ? ' (value hidden)' : `=${JSON.stringify(env[name] ?? '')}`;
    throw new ConfigError(`Invalid setting ${name}${shown}: ${issue.message}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicUrlFollowsRequest: e.PUBLIC_URL === undefined,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT,
    expensiveReads: {
      concurrency: e.EXPENSIVE_READ_CONCURRENCY,
      queueWaitMs: e.EXPENSIVE_READ_QUEUE_WAIT,
      timeoutMs: e.EXPENSIVE_READ_TIMEOUT,
    },
    embeddedPostgresUser: e.EMBEDDED_POSTGRES_USER,
    embeddedPostgresSharedBuffers: e.EMBEDDED_POSTGRES_SHARED_BUFFERS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlMs: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlMs: e.REFRESH_TOKEN_TTL,
    activationTtlMs: e.ACTIVATION_TTL,
    passwordResetTtlMs: e.PASSWORD_RESET_TTL,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginAccountMaxFailures: e.LOGIN_ACCOUNT_MAX_FAILURES,
    loginAddressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
    loginFailureWindowMs: e.LOGIN_FAILURE_WINDOW,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    corsAllowedOrigins: e.CORS_ALLOWED_ORIGINS,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    links: {
      cv: e.CV_URL,
      sourceCode: e.SOURCE_CODE_URL,
      professionalNetwork: e.PROFESSIONAL_NETWORK_URL,
      allApps: e.ALL_APPS_URL,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT,
    shutdownDrainMs: e.SHUTDOWN_DRAIN,
    socketPingIntervalMs: e.SOCKET_PING_INTERVAL,
    jobIntervalMs: e.JOB_INTERVAL,
    media: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          // Self-hosted stores (MinIO and the like) address buckets by path; AWS by host name.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : { kind: 'disk' },
    shop: {
      taxRateBp: e.TAX_RATE,
      currency: e.STORE_CURRENCY,
      name: e.SHOP_NAME,
      address: e.SHOP_ADDRESS,
      guestCartTtlMs: e.GUEST_CART_TTL,
      orderPaymentTtlMs: e.ORDER_PAYMENT_TTL,
      stripe: e.STRIPE_SECRET_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
      testCheckout: e.TEST_CHECKOUT,
    },
    failpoint: e.TEST_FAILPOINT || undefined,
    reportHideThreshold: e.REPORT_HIDE_THRESHOLD,
    suspensionContact: e.SUSPENSION_CONTACT,
    accountExportInlineLimit: e.ACCOUNT_EXPORT_INLINE_LIMIT,
    ai: {
      provider:
        e.AI_BASE_URL || e.AI_API_KEY
          ? { baseUrl: (e.AI_BASE_URL ?? OPENAI_BASE_URL).replace(/\/+$/, ''), apiKey: e.AI_API_KEY }
          : undefined,
      chatModel: e.AI_CHAT_MODEL,
      imageModel: e.AI_IMAGE_MODEL,
      ttsModel: e.AI_TTS_MODEL,
      ttsVoice: e.AI_TTS_VOICE,
      realtimeModel: e.AI_REALTIME_MODEL,
      transcriptionModel: e.AI_TRANSCRIPTION_MODEL,
      contextTokens: e.AI_CONTEXT_TOKENS,
      timeoutMs: e.AI_TIMEOUT,
      rateLimit: e.AI_RATE_LIMIT,
      mediaTtlMs: e.AI_MEDIA_TTL,
    },
    publicCache: e.PUBLIC_CACHE === 'on',
    ssr: e.SSR === 'on',
    sessionCacheTtlMs: e.SESSION_CACHE_TTL ?? (e.REDIS_URL ? 0 : 1000),
    backups: {
      schedule: e.BACKUP_SCHEDULE,
      dir: path.resolve(e.BACKUP_DIR || path.join(e.DATA_DIR, 'backups')),
      keep: e.BACKUP_KEEP,
    },
    metricsToken: e.METRICS_TOKEN,
    writeLimits:
      e.RATE_LIMITS === 'off'
        ? undefined
        : {
            post: e.WRITE_LIMIT_POSTS,
            comment: e.WRITE_LIMIT_COMMENTS,
            like: e.WRITE_LIMIT_LIKES,
            report: e.WRITE_LIMIT_REPORTS,
            friendRequest: e.WRITE_LIMIT_FRIEND_REQUESTS,
            chatMessage: e.WRITE_LIMIT_CHAT_MESSAGES,
            review: e.WRITE_LIMIT_REVIEWS,
            scene: e.WRITE_LIMIT_SCENES,
          },
    hyper3dSceneLimit: e.HYPER3D_SCENE_LIMIT,
  };
}
