/**
 * The one place that reads process.env, through one zod schema (`envSchema`, in
 * server/process/env-schema.ts), and the settings made of it. Everything is checked once at boot:
 * invalid values stop the process with a message naming each variable (see server/main.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FirebasePublicConfig, PublicConfig } from '../../shared/public-config';
import { DEFAULT_SMDP_ADDRESS, type ApiOptions } from '../api/create-api';
import { envSchema, type Env, type ParsedEnv } from './env-schema';

export class ConfigError extends Error {
  constructor(
    /** The first invalid variable; the message names every one. */
    readonly variable: string,
    message: string,
    more: readonly { variable: string; message: string }[] = [],
  ) {
    super(
      `Invalid configuration: ${[{ variable, message }, ...more].map((problem) => `${problem.variable} ${problem.message}`).join('; ')}`,
    );
    this.name = 'ConfigError';
  }
}

/**
 * The embedded reference API's settings, as `createApi` takes them: the process passes them on
 * unchanged (`createApi({ ...config.api, log, … })`), so no setting is mapped twice.
 */
export type EmbeddedApiConfig = Required<
  Pick<
    ApiOptions,
    | 'dataDir'
    | 'demoNumbers'
    | 'searchThreads'
    | 'jwtSecret'
    | 'reservationMinutes'
    | 'auctionExtendMinutes'
    | 'auctionExtendMaxHours'
    | 'paymentWindowMinutes'
    | 'paymentWindowPremiumMinutes'
    | 'auctionBuyNowWindowMinutes'
    | 'auctionBanDays'
    | 'auctionDepositPercent'
    | 'auctionDepositFromPrice'
    | 'auctionPlainBidMaxSteps'
    | 'auctionConfirmBidAbove'
    | 'corsOrigins'
    | 'production'
    | 'limits'
    | 'smsChallenge'
    | 'redisUrl'
    | 'esim'
    | 'siteUrl'
  >
> &
  Pick<ApiOptions, 'demoSmsCode' | 'telegram'>;

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
  /** JWT_SECRET was not set: `api.jwtSecret` is random, made for this process. */
  jwtSecretGenerated: boolean;
  /** The embedded reference API's settings (unused with API_BASE_URL). */
  api: EmbeddedApiConfig;
  renderTimeoutMs: number;
  webConcurrency: number;
  pageCacheSeconds: number;
  /** Memory the page cache may use, in bytes. */
  pageCacheMaxBytes: number;
  logRequests: boolean;
  /** Origins besides the site itself that may show /oqDay in a frame. */
  oqDayFrameAncestors: string[];
  /** Origins besides the site itself that may show any page in a frame (Telegram Web's Mini Apps). */
  pageFrameAncestors: string[];
  /** Port of the Prometheus metrics (never the site's port), or null for none. */
  metricsPort: number | null;
  metricsHost: string;
  public: PublicConfig;
}

function firebase(env: ParsedEnv): FirebasePublicConfig | null {
  if (!env.FIREBASE_API_KEY || !env.FIREBASE_APP_ID || !env.FIREBASE_MEASUREMENT_ID) return null;
  return {
    apiKey: env.FIREBASE_API_KEY,
    authDomain: env.FIREBASE_AUTH_DOMAIN ?? '',
    projectId: env.FIREBASE_PROJECT_ID ?? '',
    storageBucket: env.FIREBASE_STORAGE_BUCKET ?? '',
    messagingSenderId: env.FIREBASE_MESSAGING_SENDER_ID ?? '',
    appId: env.FIREBASE_APP_ID,
    measurementId: env.FIREBASE_MEASUREMENT_ID,
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

/**
 * Number search threads per process when SEARCH_THREADS is not set: the cores left over by the
 * event loops (one a process), shared among the processes, at least one and at most four (each
 * thread keeps its own copy of the numbers for sale). Two cores, one process: one thread.
 */
export function defaultSearchThreads(webConcurrency: number, cores: number = os.availableParallelism()): number {
  return Math.max(1, Math.min(4, Math.floor((cores - 1) / webConcurrency)));
}

/** The environment checked against `envSchema`; every invalid variable is named in one error. */
function parseEnv(env: Env): ParsedEnv {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  // The variable itself, also for a bad entry of a list (whose path goes on to its index).
  const problems = result.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message }));
  throw new ConfigError(problems[0].variable, problems[0].message, problems.slice(1));
}

export function loadConfig(env: Env = process.env): Config {
  const e = parseEnv(env);
  const rootDir = findRootDir();
  const publicSiteUrl = new URL(e.PUBLIC_SITE_URL ?? `http://localhost:${e.PORT || 3000}`).origin;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicSiteUrl,
    apiBaseUrl: e.API_BASE_URL ?? null,
    trustProxy: e.TRUST_PROXY,
    rootDir,
    distDir: path.resolve(rootDir, e.DIST_DIR),
    jwtSecretGenerated: e.JWT_SECRET === undefined,
    api: {
      dataDir: path.resolve(rootDir, e.DATA_DIR),
      demoNumbers: e.DEMO_NUMBERS,
      searchThreads: e.SEARCH_THREADS ?? defaultSearchThreads(e.WEB_CONCURRENCY),
      jwtSecret: e.JWT_SECRET ?? crypto.randomBytes(32).toString('hex'),
      reservationMinutes: e.RESERVATION_MINUTES,
      auctionExtendMinutes: e.AUCTION_EXTEND_MINUTES,
      auctionExtendMaxHours: e.AUCTION_EXTEND_MAX_HOURS,
      paymentWindowMinutes: e.PAYMENT_WINDOW_MINUTES,
      paymentWindowPremiumMinutes: e.PAYMENT_WINDOW_PREMIUM_MINUTES,
      auctionBuyNowWindowMinutes: e.AUCTION_BUY_NOW_WINDOW_MINUTES,
      auctionBanDays: e.AUCTION_DEFAULT_BAN_DAYS,
      auctionDepositPercent: e.AUCTION_DEPOSIT_PERCENT,
      auctionDepositFromPrice: e.AUCTION_DEPOSIT_FROM_PRICE,
      auctionPlainBidMaxSteps: e.AUCTION_PLAIN_BID_MAX_STEPS,
      auctionConfirmBidAbove: e.AUCTION_CONFIRM_BID_ABOVE,
      demoSmsCode: e.DEMO_SMS_CODE,
      // Without the bot's token, phones are confirmed by SMS only (POST /auth/telegram answers 404).
      telegram: e.TELEGRAM_BOT_TOKEN ? { botToken: e.TELEGRAM_BOT_TOKEN, maxAgeSeconds: e.TELEGRAM_AUTH_MAX_AGE_SECONDS } : undefined,
      corsOrigins: e.API_CORS_ORIGINS,
      production: e.NODE_ENV === 'production',
      limits: {
        reservationsPerHour: e.LIMIT_RESERVATIONS_PER_HOUR,
        reservationsPerNetworkPerHour: e.LIMIT_RESERVATIONS_PER_NETWORK_PER_HOUR,
        holdsPerClient: e.LIMIT_HOLDS_PER_CLIENT,
        holdsPerNetwork: e.LIMIT_HOLDS_PER_NETWORK,
        bookingsPerPhone: e.LIMIT_BOOKINGS_PER_PHONE,
        anonymousHeldShare: e.LIMIT_ANONYMOUS_HELD_SHARE,
        premiumHeldShare: e.LIMIT_PREMIUM_HELD_SHARE,
        premiumHoldsPerPhone: e.LIMIT_PREMIUM_HOLDS_PER_PHONE,
        anonymousPremiumHoldsPerClient: e.LIMIT_ANONYMOUS_PREMIUM_HOLDS_PER_ADDRESS,
        anonymousPremiumHoldsPerNetwork: e.LIMIT_ANONYMOUS_PREMIUM_HOLDS_PER_NETWORK,
        smsPhonesPerHour: e.LIMIT_SMS_PHONES_PER_HOUR,
        smsPerNetworkPerHour: e.LIMIT_SMS_PER_NETWORK_PER_HOUR,
        smsTotalPerHour: e.LIMIT_SMS_TOTAL_PER_HOUR,
        smsReserveShare: e.LIMIT_SMS_RESERVE_SHARE,
        smsReserveNetworkCodes: e.LIMIT_SMS_RESERVE_NETWORK_CODES,
        ordersAwaitingPayment: e.LIMIT_ORDERS_AWAITING_PAYMENT,
        bidsPerMinute: e.LIMIT_BIDS_PER_MINUTE,
        streamsPerClient: e.LIMIT_STREAMS_PER_CLIENT,
        streamsTotal: e.LIMIT_STREAMS_TOTAL,
        streamsSiteShare: e.LIMIT_STREAMS_SITE_SHARE,
        streamsBusySiteShare: e.LIMIT_STREAMS_BUSY_SITE_SHARE,
        watchesPerHour: e.LIMIT_WATCHES_PER_HOUR,
        identificationFailuresPerPhone: e.LIMIT_IDENTIFICATION_FAILURES_PER_PHONE,
        identificationFailuresPerPhoneDocument: e.LIMIT_IDENTIFICATION_FAILURES_PER_PHONE_DOCUMENT,
        identificationFailuresPerDocument: e.LIMIT_IDENTIFICATION_FAILURES_PER_DOCUMENT,
        rebookWaitMinutes: e.LIMIT_REBOOK_WAIT_MINUTES,
        refusedPerHour: e.LIMIT_REFUSED_PER_HOUR,
      },
      smsChallenge: { work: e.SMS_CHALLENGE_WORK, maxFactor: e.SMS_CHALLENGE_MAX_FACTOR },
      redisUrl: e.REDIS_URL ?? null,
      esim: { smdpAddress: e.ESIM_SMDP_ADDRESS ?? DEFAULT_SMDP_ADDRESS, confirmationCode: e.ESIM_CONFIRMATION_CODE ?? false },
      siteUrl: publicSiteUrl,
    },
    renderTimeoutMs: e.RENDER_TIMEOUT_MS,
    webConcurrency: e.WEB_CONCURRENCY,
    // Production keeps rendered pages a few seconds; development and tests always render afresh.
    pageCacheSeconds: e.PAGE_CACHE_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0),
    pageCacheMaxBytes: e.PAGE_CACHE_MAX_MB * 1024 * 1024,
    logRequests: e.LOG_REQUESTS ?? e.NODE_ENV !== 'test',
    oqDayFrameAncestors: e.OQDAY_FRAME_ANCESTORS,
    pageFrameAncestors: e.PAGE_FRAME_ANCESTORS,
    metricsPort: e.METRICS_PORT ?? null,
    metricsHost: e.METRICS_HOST,
    public: {
      siteUrl: publicSiteUrl,
      apiBaseUrl: e.API_BASE_URL ?? '/api/v1',
      firebase: firebase(e),
      gtmId: e.GTM_ID ?? null,
      metrikaId: e.METRIKA_ID ?? null,
      buildCheckIntervalMinutes: e.BUILD_CHECK_INTERVAL_MINUTES,
      streamAfterMs: e.STREAM_AFTER_MS,
      mapTileUrl: e.MAP_TILE_URL,
      mapAttribution: e.MAP_ATTRIBUTION ?? null,
      showErrorDetails: e.NODE_ENV === 'development',
    },
  };
}
