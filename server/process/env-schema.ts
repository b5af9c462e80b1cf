/**
 * Every environment variable the server reads, as one zod schema (`envSchema`), with the readers
 * its variables share (trimmed, unset when empty, each error naming what it got). Turned into the
 * process's settings by `loadConfig` (server/process/config.ts).
 */
import { z } from 'zod';
import {
  DEFAULT_DEMO_NUMBERS,
  DEFAULT_LIMITS,
  DEFAULT_SMS_CHALLENGE,
  DEFAULT_PREMIUM_WINDOW_MINUTES,
  DEFAULT_AUCTION_EXTEND_MAX_HOURS,
  DEFAULT_BAN_DAYS,
  DEFAULT_BUY_NOW_WINDOW_MINUTES,
  DEFAULT_DEPOSIT_FROM_PRICE,
  DEFAULT_DEPOSIT_PERCENT,
  DEFAULT_PLAIN_BID_MAX_STEPS,
  DEFAULT_CONFIRM_BID_ABOVE,
  DEFAULT_TELEGRAM_MAX_AGE_SECONDS,
  SMDP_ADDRESS,
} from '../api/create-api';
import { DEFAULT_NODE_ENV } from './node-env';

export type Env = Record<string, string | undefined>;

/** A variable set to nothing (or spaces) is not set: its default applies. */
const unset = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** A variable read by `schema` after trimming, or undefined when it is not set. */
function variable<T extends z.ZodType>(schema: T) {
  return z.preprocess(unset, schema);
}

const got = (issue: { input?: unknown }) => `got "${String(issue.input)}"`;

function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, { error: (issue) => `must be a whole number, ${got(issue)}` })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: (issue) => `must be between ${min} and ${max}, got ${String(issue.input)}` });
}

const integer = (fallback: number, min: number, max: number) => variable(wholeNumber(min, max).default(fallback));

/** A share written as a percentage (`20` or `20%`, 0 to 100), read as a fraction. */
const percentage = (fallback: number) =>
  variable(
    z
      .string()
      .regex(/^\d{1,3}(\.\d+)?%?$/, { error: (issue) => `must be a percentage from 0 to 100, ${got(issue)}` })
      .transform((raw) => Number(raw.replace('%', '')))
      .refine((value) => value <= 100, { error: (issue) => `must be a percentage from 0 to 100, ${got(issue)}` })
      .transform((value) => value / 100)
      .optional(),
  ).transform((value) => value ?? fallback);
const optionalInteger = (min: number, max: number) => variable(wholeNumber(min, max).optional());

function httpUrl() {
  return z
    .string()
    .refine((raw) => URL.canParse(raw), { error: (issue) => `must be an absolute http(s) URL, ${got(issue)}`, abort: true })
    .refine((raw) => /^https?:$/.test(new URL(raw).protocol), { error: (issue) => `must use http or https, ${got(issue)}` });
}

/** A comma- or space-separated list of http(s) origins. */
const origins = variable(
  z
    .string()
    .default('')
    .transform((raw) => raw.split(/[,\s]+/).filter(Boolean))
    .pipe(z.array(httpUrl().transform((raw) => new URL(raw).origin))),
);

const FLAG_TRUE = /^(1|true|yes|on)$/i;
const FLAG_FALSE = /^(0|false|no|off)$/i;
const flag = variable(
  z
    .string()
    .refine((raw) => FLAG_TRUE.test(raw) || FLAG_FALSE.test(raw), { error: (issue) => `must be true or false, ${got(issue)}` })
    .transform((raw) => FLAG_TRUE.test(raw))
    .optional(),
);

/** Express's `trust proxy`: a boolean, a hop count, or a list of addresses/subnets. */
const trustProxy = variable(
  z
    .string()
    .optional()
    .transform((raw, ctx): boolean | number | string => {
      if (raw === undefined || FLAG_FALSE.test(raw)) return false;
      if (/^(true|yes|on)$/i.test(raw)) return true;
      if (/^\d+$/.test(raw)) return Number(raw);
      if (/^[0-9a-fA-F.:/,\s]+$|^(loopback|linklocal|uniquelocal)(,\s*(loopback|linklocal|uniquelocal))*$/.test(raw)) return raw;
      ctx.addIssue({ code: 'custom', message: `must be true, false, a hop count or a list of addresses, got "${raw}"` });
      return z.NEVER;
    }),
);

const text = variable(z.string().optional());
const textOr = (fallback: string) => variable(z.string().default(fallback));
const matching = (pattern: RegExp, what: string) =>
  variable(
    z
      .string()
      .regex(pattern, { error: (issue) => `must ${what}, ${got(issue)}` })
      .optional(),
  );

/**
 * Every variable the server reads, with its default (README.md, Environment). Defaults that
 * depend on another variable (the public URL on PORT, the page cache and the request log on
 * NODE_ENV) are applied in `loadConfig`.
 */
export const envSchema = z
  .object({
    NODE_ENV: variable(
      z
        .enum(['development', 'production', 'test'], { error: (issue) => `must be development, production or test, ${got(issue)}` })
        .default(DEFAULT_NODE_ENV),
    ),
    PORT: integer(3000, 0, 65535),
    HOST: textOr('0.0.0.0'),
    PUBLIC_SITE_URL: variable(httpUrl().optional()),
    API_BASE_URL: variable(
      httpUrl()
        .transform((raw) => raw.replace(/\/+$/, ''))
        .optional(),
    ),
    TRUST_PROXY: trustProxy,
    DIST_DIR: textOr('dist'),
    DATA_DIR: textOr('data'),
    // Two operator codes of seven digits each leave room for far more; beyond two million the
    // generator mostly draws numbers it already has.
    DEMO_NUMBERS: integer(DEFAULT_DEMO_NUMBERS, 1, 2_000_000),
    JWT_SECRET: variable(z.string().min(32, { error: 'must be at least 32 characters long' }).optional()),
    RESERVATION_MINUTES: integer(15, 1, 24 * 60),
    AUCTION_EXTEND_MINUTES: integer(5, 1, 24 * 60),
    AUCTION_EXTEND_MAX_HOURS: integer(DEFAULT_AUCTION_EXTEND_MAX_HOURS, 1, 30 * 24),
    PAYMENT_WINDOW_MINUTES: integer(720, 1, 7 * 24 * 60),
    PAYMENT_WINDOW_PREMIUM_MINUTES: integer(DEFAULT_PREMIUM_WINDOW_MINUTES, 1, 7 * 24 * 60),
    AUCTION_BUY_NOW_WINDOW_MINUTES: integer(DEFAULT_BUY_NOW_WINDOW_MINUTES, 1, 24 * 60),
    AUCTION_DEFAULT_BAN_DAYS: integer(DEFAULT_BAN_DAYS, 0, 3650),
    // A whole percentage of the start price; 0 asks no deposit anywhere.
    AUCTION_DEPOSIT_PERCENT: integer(DEFAULT_DEPOSIT_PERCENT, 0, 100),
    AUCTION_DEPOSIT_FROM_PRICE: integer(DEFAULT_DEPOSIT_FROM_PRICE, 1, 1_000_000_000_000),
    // Steps above the minimum bid a plain bid may go; more is a maximum's to bid.
    AUCTION_PLAIN_BID_MAX_STEPS: integer(DEFAULT_PLAIN_BID_MAX_STEPS, 1, 1_000_000),
    // A bid or maximum above this sum is reviewed by the bidder before it is sent.
    AUCTION_CONFIRM_BID_ABOVE: integer(DEFAULT_CONFIRM_BID_ABOVE, 1, 1_000_000_000_000),
    DEMO_SMS_CODE: variable(
      z
        .string()
        .regex(/^\d{4,6}$/, { error: 'must be 4 to 6 digits' })
        .optional(),
    ),
    API_CORS_ORIGINS: origins,
    // The bot's token from BotFather; its error never repeats the value, which is a secret.
    TELEGRAM_BOT_TOKEN: variable(
      z
        .string()
        .regex(/^\d{1,20}:[\w-]{30,100}$/, { error: 'must be the bot token BotFather gave, such as 123456789:AAE…' })
        .optional(),
    ),
    // Its maximum is MAX_AGE_LIMIT_SECONDS of server/api/auth/telegram-data.ts, how long a used contact is remembered.
    TELEGRAM_AUTH_MAX_AGE_SECONDS: integer(DEFAULT_TELEGRAM_MAX_AGE_SECONDS, 60, 24 * 3600),
    // The SM-DP+ server named in every eSIM activation code; the demo default is never contacted.
    ESIM_SMDP_ADDRESS: matching(SMDP_ADDRESS, 'be a host name such as smdp.example.uz'),
    ESIM_CONFIRMATION_CODE: flag,
    // Longer than the HTTP client's 10 s timeout, so a slow API call ends as an error state first.
    RENDER_TIMEOUT_MS: integer(15000, 100, 120000),
    WEB_CONCURRENCY: integer(1, 1, 256),
    // Threads of the number search in each process; by default from the cores and WEB_CONCURRENCY (config.ts).
    SEARCH_THREADS: optionalInteger(1, 64),
    PAGE_CACHE_SECONDS: optionalInteger(0, 3600),
    PAGE_CACHE_MAX_MB: integer(32, 1, 4096),
    LOG_REQUESTS: flag,
    LIMIT_RESERVATIONS_PER_HOUR: integer(DEFAULT_LIMITS.reservationsPerHour, 1, 100000),
    LIMIT_RESERVATIONS_PER_NETWORK_PER_HOUR: integer(DEFAULT_LIMITS.reservationsPerNetworkPerHour, 1, 1000000),
    LIMIT_HOLDS_PER_CLIENT: integer(DEFAULT_LIMITS.holdsPerClient, 1, 100000),
    LIMIT_HOLDS_PER_NETWORK: integer(DEFAULT_LIMITS.holdsPerNetwork, 1, 1000000),
    LIMIT_BOOKINGS_PER_PHONE: integer(DEFAULT_LIMITS.bookingsPerPhone, 1, 1000),
    LIMIT_ANONYMOUS_HELD_SHARE: percentage(DEFAULT_LIMITS.anonymousHeldShare),
    LIMIT_PREMIUM_HELD_SHARE: percentage(DEFAULT_LIMITS.premiumHeldShare),
    LIMIT_PREMIUM_HOLDS_PER_PHONE: integer(DEFAULT_LIMITS.premiumHoldsPerPhone, 1, 1000),
    LIMIT_ANONYMOUS_PREMIUM_HOLDS_PER_ADDRESS: integer(DEFAULT_LIMITS.anonymousPremiumHoldsPerClient, 0, 1000),
    LIMIT_ANONYMOUS_PREMIUM_HOLDS_PER_NETWORK: integer(DEFAULT_LIMITS.anonymousPremiumHoldsPerNetwork, 0, 100000),
    LIMIT_SMS_PHONES_PER_HOUR: integer(DEFAULT_LIMITS.smsPhonesPerHour, 1, 100000),
    LIMIT_SMS_PER_NETWORK_PER_HOUR: integer(DEFAULT_LIMITS.smsPerNetworkPerHour, 1, 1000000),
    LIMIT_SMS_TOTAL_PER_HOUR: integer(DEFAULT_LIMITS.smsTotalPerHour, 1, 10000000),
    LIMIT_SMS_RESERVE_SHARE: percentage(DEFAULT_LIMITS.smsReserveShare),
    LIMIT_SMS_RESERVE_NETWORK_CODES: integer(DEFAULT_LIMITS.smsReserveNetworkCodes, 1, 1000),
    // The proof of work of a code request (server/api/auth/sms-challenge.ts): level 0's most keys,
    // and how many times that the top level asks (a power of two: one level per doubling).
    SMS_CHALLENGE_WORK: integer(DEFAULT_SMS_CHALLENGE.work, 1, 1_000_000),
    SMS_CHALLENGE_MAX_FACTOR: variable(
      z
        .string()
        .regex(/^\d+$/, { error: (issue) => `must be a power of two from 1 to 1024, ${got(issue)}` })
        .transform(Number)
        .refine((value) => value >= 1 && value <= 1024 && (value & (value - 1)) === 0, {
          error: (issue) => `must be a power of two from 1 to 1024, got ${String(issue.input)}`,
        })
        .default(DEFAULT_SMS_CHALLENGE.maxFactor),
    ),
    LIMIT_ORDERS_AWAITING_PAYMENT: integer(DEFAULT_LIMITS.ordersAwaitingPayment, 1, 1000),
    LIMIT_BIDS_PER_MINUTE: integer(DEFAULT_LIMITS.bidsPerMinute, 1, 10000),
    LIMIT_STREAMS_PER_CLIENT: integer(DEFAULT_LIMITS.streamsPerClient, 1, 100000),
    LIMIT_STREAMS_TOTAL: integer(DEFAULT_LIMITS.streamsTotal, 1, 1000000),
    LIMIT_STREAMS_SITE_SHARE: percentage(DEFAULT_LIMITS.streamsSiteShare),
    LIMIT_STREAMS_BUSY_SITE_SHARE: percentage(DEFAULT_LIMITS.streamsBusySiteShare),
    LIMIT_WATCHES_PER_HOUR: integer(DEFAULT_LIMITS.watchesPerHour, 1, 10000),
    LIMIT_IDENTIFICATION_FAILURES_PER_PHONE: integer(DEFAULT_LIMITS.identificationFailuresPerPhone, 1, 10000),
    LIMIT_IDENTIFICATION_FAILURES_PER_PHONE_DOCUMENT: integer(DEFAULT_LIMITS.identificationFailuresPerPhoneDocument, 1, 10000),
    LIMIT_IDENTIFICATION_FAILURES_PER_DOCUMENT: integer(DEFAULT_LIMITS.identificationFailuresPerDocument, 1, 10000),
    LIMIT_REBOOK_WAIT_MINUTES: integer(DEFAULT_LIMITS.rebookWaitMinutes, 0, 24 * 60),
    LIMIT_REFUSED_PER_HOUR: integer(DEFAULT_LIMITS.refusedPerHour, 1, 1000000),
    OQDAY_FRAME_ANCESTORS: origins,
    PAGE_FRAME_ANCESTORS: origins,
    REDIS_URL: variable(
      z
        .string()
        .refine((raw) => URL.canParse(raw) && /^rediss?:$/.test(new URL(raw).protocol), {
          error: (issue) => `must be a redis:// or rediss:// URL, ${got(issue)}`,
        })
        .optional(),
    ),
    METRICS_PORT: optionalInteger(0, 65535),
    METRICS_HOST: textOr('127.0.0.1'),
    GTM_ID: matching(/^GTM-[A-Z0-9]{4,12}$/, 'look like GTM-XXXXXXX'),
    METRIKA_ID: matching(/^\d{4,12}$/, 'be a numeric counter id'),
    BUILD_CHECK_INTERVAL_MINUTES: integer(60, 1, 24 * 60),
    STREAM_AFTER_MS: integer(1000, 0, 60000),
    MAP_TILE_URL: textOr('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_ATTRIBUTION: text,
    FIREBASE_API_KEY: text,
    FIREBASE_AUTH_DOMAIN: text,
    FIREBASE_PROJECT_ID: text,
    FIREBASE_STORAGE_BUCKET: text,
    FIREBASE_MESSAGING_SENDER_ID: text,
    FIREBASE_APP_ID: text,
    FIREBASE_MEASUREMENT_ID: text,
  })
  .superRefine((env, ctx) => {
    // Firebase is on once any of its three required values is set; then all three are needed.
    if (!env.FIREBASE_API_KEY && !env.FIREBASE_APP_ID && !env.FIREBASE_MEASUREMENT_ID) return;
    for (const name of ['FIREBASE_API_KEY', 'FIREBASE_APP_ID', 'FIREBASE_MEASUREMENT_ID'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when Firebase analytics is configured' });
    }
  });

export type ParsedEnv = z.output<typeof envSchema>;
