import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FirebasePublicConfig, PublicConfig } from '../shared/public-config';
import { DEFAULT_LIMITS, type ClientLimits } from './api/http/limits';
import { DEFAULT_DEMO_NUMBERS } from './api/seed/seed-numbers';

/**
 * The one place that reads process.env. Everything is checked once at boot: an invalid value
 * stops the process with a message naming the variable (see server/index.ts).
 */

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicSiteUrl: string;
  /** Absolute URL of an external operator API, or null for the embedded reference API. */
  apiBaseUrl: string | null;
  trustProxy: boolean | number | string;
  rootDir: string;
  distDir: string;
  dataDir: string;
  /** How many numbers the reference API seeds into an empty store. */
  demoNumbers: number;
  jwtSecret: string;
  jwtSecretGenerated: boolean;
  reservationMinutes: number;
  auctionExtendMinutes: number;
  paymentWindowMinutes: number;
  demoSmsCode: string | null;
  apiCorsOrigins: string[];
  renderTimeoutMs: number;
  webConcurrency: number;
  pageCacheSeconds: number;
  /** Memory the page cache may use, in bytes. */
  pageCacheMaxBytes: number;
  logRequests: boolean;
  /** Per-client limits of the embedded API (server/api/http/limits.ts). */
  limits: ClientLimits;
  /** Origins besides the site itself that may show /oqDay in a frame. */
  oqDayFrameAncestors: string[];
  /** Redis shared by every site process for the rate limits, or null for the API's own store. */
  redisUrl: string | null;
  /** Port of the Prometheus metrics (never the site's port), or null for none. */
  metricsPort: number | null;
  metricsHost: string;
  public: PublicConfig;
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function httpUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `must use http or https, got "${raw}"`);
  }
  return url;
}

function origin(env: Env, name: string, fallback: string): string {
  return httpUrl(name, text(env, name) ?? fallback).origin;
}

function absoluteUrl(env: Env, name: string): string | null {
  const raw = text(env, name);
  if (raw === undefined) return null;
  httpUrl(name, raw);
  return raw.replace(/\/+$/, '');
}

/** A comma- or space-separated list of http(s) origins. */
function origins(env: Env, name: string): string[] {
  return (text(env, name) ?? '')
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((value) => origin({ [name]: value }, name, ''));
}

function redisUrl(env: Env): string | null {
  const raw = text(env, 'REDIS_URL');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('REDIS_URL', `must be a redis:// or rediss:// URL, got "${raw}"`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new ConfigError('REDIS_URL', `must be a redis:// or rediss:// URL, got "${raw}"`);
  return raw;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

/** Express's `trust proxy`: a boolean, a hop count, or a list of addresses/subnets. */
function trustProxy(env: Env): boolean | number | string {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === undefined || /^(0|false|no|off)$/i.test(raw)) return false;
  if (/^(true|yes|on)$/i.test(raw)) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^[0-9a-fA-F.:/,\s]+$|^(loopback|linklocal|uniquelocal)(,\s*(loopback|linklocal|uniquelocal))*$/.test(raw)) return raw;
  throw new ConfigError('TRUST_PROXY', `must be true, false, a hop count or a list of addresses, got "${raw}"`);
}

function firebase(env: Env): FirebasePublicConfig | null {
  const values = {
    apiKey: text(env, 'FIREBASE_API_KEY'),
    authDomain: text(env, 'FIREBASE_AUTH_DOMAIN'),
    projectId: text(env, 'FIREBASE_PROJECT_ID'),
    storageBucket: text(env, 'FIREBASE_STORAGE_BUCKET'),
    messagingSenderId: text(env, 'FIREBASE_MESSAGING_SENDER_ID'),
    appId: text(env, 'FIREBASE_APP_ID'),
    measurementId: text(env, 'FIREBASE_MEASUREMENT_ID'),
  };
  if (!values.apiKey && !values.appId && !values.measurementId) return null;
  for (const [key, name] of [
    ['apiKey', 'FIREBASE_API_KEY'],
    ['appId', 'FIREBASE_APP_ID'],
    ['measurementId', 'FIREBASE_MEASUREMENT_ID'],
  ] as const) {
    if (!values[key]) throw new ConfigError(name, 'is required when Firebase analytics is configured');
  }
  return {
    apiKey: values.apiKey!,
    authDomain: values.authDomain ?? '',
    projectId: values.projectId ?? '',
    storageBucket: values.storageBucket ?? '',
    messagingSenderId: values.messagingSenderId ?? '',
    appId: values.appId!,
    measurementId: values.measurementId!,
  };
}

/** The repository (or deployment) root: the nearest folder above `from` holding package.json. */
export function findRootDir(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnvRaw = text(env, 'NODE_ENV') ?? 'production';
  if (nodeEnvRaw !== 'development' && nodeEnvRaw !== 'production' && nodeEnvRaw !== 'test') {
    throw new ConfigError('NODE_ENV', `must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = text(env, 'HOST') ?? '0.0.0.0';
  const rootDir = findRootDir();
  const jwtFromEnv = text(env, 'JWT_SECRET');
  if (jwtFromEnv !== undefined && jwtFromEnv.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
  }
  const gtmId = text(env, 'GTM_ID') ?? null;
  if (gtmId !== null && !/^GTM-[A-Z0-9]{4,12}$/.test(gtmId)) {
    throw new ConfigError('GTM_ID', `must look like GTM-XXXXXXX, got "${gtmId}"`);
  }
  const metrikaId = text(env, 'METRIKA_ID') ?? null;
  if (metrikaId !== null && !/^\d{4,12}$/.test(metrikaId)) {
    throw new ConfigError('METRIKA_ID', `must be a numeric counter id, got "${metrikaId}"`);
  }
  const apiBaseUrl = absoluteUrl(env, 'API_BASE_URL');
  const publicSiteUrl = origin(env, 'PUBLIC_SITE_URL', `http://localhost:${port || 3000}`);
  const corsOrigins = origins(env, 'API_CORS_ORIGINS');

  const config: Config = {
    nodeEnv: nodeEnvRaw,
    port,
    host,
    publicSiteUrl,
    apiBaseUrl,
    trustProxy: trustProxy(env),
    rootDir,
    distDir: path.resolve(rootDir, text(env, 'DIST_DIR') ?? 'dist'),
    dataDir: path.resolve(rootDir, text(env, 'DATA_DIR') ?? 'data'),
    // Two operator codes of seven digits each leave room for far more; beyond two million the
    // generator mostly draws numbers it already has.
    demoNumbers: integer(env, 'DEMO_NUMBERS', DEFAULT_DEMO_NUMBERS, 1, 2_000_000),
    jwtSecret: jwtFromEnv ?? crypto.randomBytes(32).toString('hex'),
    jwtSecretGenerated: jwtFromEnv === undefined,
    reservationMinutes: integer(env, 'RESERVATION_MINUTES', 15, 1, 24 * 60),
    auctionExtendMinutes: integer(env, 'AUCTION_EXTEND_MINUTES', 5, 1, 24 * 60),
    paymentWindowMinutes: integer(env, 'PAYMENT_WINDOW_MINUTES', 720, 1, 7 * 24 * 60),
    demoSmsCode: text(env, 'DEMO_SMS_CODE') ?? null,
    apiCorsOrigins: corsOrigins,
    // Longer than the HTTP client's 10 s timeout, so a slow API call ends as an error state first.
    renderTimeoutMs: integer(env, 'RENDER_TIMEOUT_MS', 15000, 100, 120000),
    webConcurrency: integer(env, 'WEB_CONCURRENCY', 1, 1, 256),
    // Production keeps rendered pages a few seconds; development and tests always render afresh.
    pageCacheSeconds: integer(env, 'PAGE_CACHE_SECONDS', nodeEnvRaw === 'production' ? 5 : 0, 0, 3600),
    pageCacheMaxBytes: integer(env, 'PAGE_CACHE_MAX_MB', 32, 1, 4096) * 1024 * 1024,
    logRequests: boolean(env, 'LOG_REQUESTS', nodeEnvRaw !== 'test'),
    limits: {
      reservationsPerHour: integer(env, 'LIMIT_RESERVATIONS_PER_HOUR', DEFAULT_LIMITS.reservationsPerHour, 1, 100000),
      holdsPerClient: integer(env, 'LIMIT_HOLDS_PER_CLIENT', DEFAULT_LIMITS.holdsPerClient, 1, 100000),
      smsPhonesPerHour: integer(env, 'LIMIT_SMS_PHONES_PER_HOUR', DEFAULT_LIMITS.smsPhonesPerHour, 1, 100000),
      ordersAwaitingPayment: integer(env, 'LIMIT_ORDERS_AWAITING_PAYMENT', DEFAULT_LIMITS.ordersAwaitingPayment, 1, 1000),
      bidsPerMinute: integer(env, 'LIMIT_BIDS_PER_MINUTE', DEFAULT_LIMITS.bidsPerMinute, 1, 10000),
      streamsPerClient: integer(env, 'LIMIT_STREAMS_PER_CLIENT', DEFAULT_LIMITS.streamsPerClient, 1, 100000),
    },
    oqDayFrameAncestors: origins(env, 'OQDAY_FRAME_ANCESTORS'),
    redisUrl: redisUrl(env),
    metricsPort: text(env, 'METRICS_PORT') === undefined ? null : integer(env, 'METRICS_PORT', 0, 0, 65535),
    metricsHost: text(env, 'METRICS_HOST') ?? '127.0.0.1',
    public: {
      siteUrl: publicSiteUrl,
      apiBaseUrl: apiBaseUrl ?? '/api/v1',
      firebase: firebase(env),
      gtmId,
      metrikaId,
      buildCheckIntervalMinutes: integer(env, 'BUILD_CHECK_INTERVAL_MINUTES', 60, 1, 24 * 60),
      streamAfterMs: integer(env, 'STREAM_AFTER_MS', 1000, 0, 60000),
      mapTileUrl: text(env, 'MAP_TILE_URL') ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapAttribution: text(env, 'MAP_ATTRIBUTION') ?? null,
      showErrorDetails: nodeEnvRaw === 'development',
    },
  };
  if (config.demoSmsCode !== null && !/^\d{4,6}$/.test(config.demoSmsCode)) {
    throw new ConfigError('DEMO_SMS_CODE', 'must be 4 to 6 digits');
  }
  return config;
}
