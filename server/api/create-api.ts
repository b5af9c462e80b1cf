import crypto from 'node:crypto';
import cookieParser from 'cookie-parser';
import express from 'express';
import { createAuctionPayments } from './auctions/auction-payments';
import type { ReadName } from '../../shared/reads';
import { createAuctionService } from './auctions/auction-service';
import { auctionPaymentSettings, type AuctionPaymentOptions } from './auctions/auction-settings';
import { createStoreBidFeed, type BidFeed } from './auctions/bid-feed';
import { createLotStreams } from './auctions/lot-events';
import { createNumberChangeLog, createStoreNumberFeed } from './numbers/number-changes';
import { createNumberStreams } from './numbers/number-events';
import { createWatchService } from './watches/watch-service';
import { createSmsChallenges, DEFAULT_SMS_CHALLENGE, type SmsChallengeEvent, type SmsChallengeSettings } from './auth/sms-challenge';
import type { ApiContext, EsimSettings, SmsKind, TelegramSettings } from './context';
import { ApiError } from './http/api-error';
import { cors } from './http/cors';
import { createErrorHandler, errorBody } from './http/error-handler';
import { refuseDuplicateKeys } from './http/json-keys';
import { registerAllowedMethods } from './http/methods';
import { createRateLimits, DEFAULT_LIMITS, type ClientLimits } from './http/limits';
import { createTokenService, type TokenService } from './http/tokens';
import { createIdentificationService } from './identification/identification-service';
import { openApiDocument } from './openapi/document';
import { createOrderService } from './orders/order-service';
import { DEFAULT_SMDP_ADDRESS } from './orders/esim-profiles';
import { createPaymentService } from './payments/payment-service';
import { createReads, registerReads } from './reads';
import { createWrites, registerWrites } from './writes';
import { createNumberSearchReads, DEFAULT_SEARCH_THREADS } from './numbers/search-reads';
import { registerSandbox } from './payments/sandbox-routes';
import { createReservationService } from './reservations/reservation-service';
import { seedIfEmpty } from './seed/seed';
import { openDatabase } from './store/database';
import { createDataVersions, type DataState } from './store/data-versions';
import { clientKey } from './http/limits';
import type { ReadRequest, ReadResult } from './read-handler';
export { stateTag } from './store/data-versions';

/** What a read's answer was made from (server/api/store/data-versions.ts), for the site's page store. */
export type { DataState };
export { etagMatches, weakEtag } from './http/etag';

// What the site's configuration needs to know of the API's defaults.
export { DEFAULT_LIMITS, type ClientLimits } from './http/limits';
export type { SmsKind, TelegramSettings } from './context';
export { DEFAULT_SMS_CHALLENGE, type SmsChallengeEvent, type SmsChallengeSettings } from './auth/sms-challenge';
export { DEFAULT_SMDP_ADDRESS, SMDP_ADDRESS } from './orders/esim-profiles';
export { DEFAULT_DEMO_NUMBERS } from './seed/seed-numbers';
export { DEFAULT_SEARCH_THREADS } from './numbers/search-reads';
export * from './auctions/auction-settings';

export interface ApiOptions extends AuctionPaymentOptions {
  dataDir: string;
  /** Size of the demo catalogue seeded into an empty store (default 2,400). */
  demoNumbers?: number;
  /** Threads of the number search in this process (numbers/search-pool.ts); default 1. */
  searchThreads?: number;
  /** The number search's threads started by the searches that need them (SearchPoolOptions.onDemand): test APIs only. */
  searchThreadsOnDemand?: boolean;
  jwtSecret: string;
  reservationMinutes: number;
  auctionExtendMinutes: number;
  /** The most late bids may move a lot's end past its scheduled end, in all; default 24 hours. */
  auctionExtendMaxHours?: number;
  paymentWindowMinutes: number;
  /** Payment window of a premium number (a price, or won at auction); default 30 minutes. */
  paymentWindowPremiumMinutes?: number;
  demoSmsCode?: string;
  /** Phones confirmed by the contact Telegram signed (POST /auth/telegram); without it, by SMS only. */
  telegram?: TelegramSettings;
  corsOrigins: string[];
  production: boolean;
  /** Per-client limits; anything not given takes DEFAULT_LIMITS. */
  limits?: Partial<ClientLimits>;
  /** Redis for the rate counters, shared by every process that names it; null keeps them in the store. */
  redisUrl?: string | null;
  /** Told the code of every request a per-client limit refused (for metrics). */
  onRefused?: (code: string) => void;
  /** Told of every SMS actually sent, by kind (for metrics). */
  onSmsSent?: (kind: SmsKind) => void;
  /** The SMS code requests' proof of work (auth/sms-challenge.ts); anything not given takes DEFAULT_SMS_CHALLENGE. */
  smsChallenge?: Partial<SmsChallengeSettings>;
  /** Told of every SMS challenge issued, accepted or refused (for metrics). */
  onSmsChallenge?: (event: SmsChallengeEvent) => void;
  now?: () => number;
  /** The eSIM profiles' SM-DP+ address and confirmation code; by default the demo address, no code. */
  esim?: EsimSettings;
  /** The site's public address, for the links in the watches' SMS (PUBLIC_SITE_URL). */
  siteUrl?: string;
  /** false: the watches match freed numbers only when `Api.matchWatches` is called. */
  watchTimer?: boolean;
  /** Where accepted bids come from for the live streams; by default each process follows the store. */
  bidFeed?: (db: ReturnType<typeof openDatabase>) => BidFeed;
  /** Tests: wraps the token service (HS256 with `jwtSecret`), e.g. to hold a check back. */
  wrapTokens?: (tokens: TokenService) => TokenService;
  log?: (message: string) => void;
  logError?: (message: string, error: unknown, requestId?: string) => void;
}

/** A read called in this process: typed values, as the site's reader has them. */
export interface Api {
  router: express.Router;
  /**
   * One public read (shared/reads.ts) for a caller in this process, the site's server render, with
   * typed values: the body the route would answer, or its error status and body (a fault of the
   * API itself is logged, as the route's error handler does, and answered as the route's 500).
   * Awaited: the number search answers from its own threads.
   */
  read<N extends ReadName>(name: N, request: ReadRequest<N>): Promise<ReadResult<N>>;
  /**
   * The state of what the read `name` reads, to be taken before the read itself (so a change
   * during the read leaves what it made already stale); null for what only a release changes.
   */
  dataState(name: ReadName, param?: string): DataState | null;
  /** The version of a data key now (DataState.key): whoever kept something made from it compares. */
  dataVersion(key: string): string;
  /** The API's clock (epoch ms), which DataState.until is on. */
  now(): number;
  /** Resolves when the work begun at the start is over (ApiContext.warmUp): the site listens after it. */
  warmed(): Promise<void>;
  /** Whether the store answers and the start's work is over (/readyz). */
  isReady(): boolean;
  /** Ends the open event streams (shutdown starts here, so browsers reconnect to another server). */
  endStreams(): void;
  /** One look of the number watches at once (they look every second by themselves): for tests that step the clock. */
  matchWatches(): Promise<void>;
  /** Closes the store; resolves when the number search's threads have ended too. */
  close(): Promise<void>;
}

/** Where the watches' SMS links point without PUBLIC_SITE_URL: the site as `npm start` serves it. */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

const MINUTE = 60_000;
/** Long enough to pay from a phone (a bank's app, a card), short enough that unpaid orders cannot corner a small category. */
export const DEFAULT_PREMIUM_WINDOW_MINUTES = 30;
/** How old the data Telegram signed may be when it confirms a phone: an hour, as the issue asks. */
export const DEFAULT_TELEGRAM_MAX_AGE_SECONDS = 3600;
/** A day of late bids at most: a contested lot gets a real last round, and no run of bids keeps it open for ever. */
export const DEFAULT_AUCTION_EXTEND_MAX_HOURS = 24;

/** The reference operator API: a self-contained router over its own SQLite store. */
export function createApi(options: ApiOptions): Api {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.log(message));
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  const db = openDatabase(options.dataDir);
  const seedStarted = performance.now();
  if (seedIfEmpty(db, now(), options.demoNumbers)) {
    const numbers = db.prepare('SELECT COUNT(*) FROM numbers').pluck().get() as number;
    const seconds = ((performance.now() - seedStarted) / 1000).toFixed(1);
    log(`Reference API: seeded demo data (${numbers.toLocaleString('en')} numbers) in ${options.dataDir} in ${seconds} s`);
  }

  const warmups: Promise<void>[] = [];
  const ctx: ApiContext = {
    db,
    now,
    tokens: (options.wrapTokens ?? ((tokens) => tokens))(createTokenService(options.jwtSecret, now)),
    reservationMs: options.reservationMinutes * MINUTE,
    auctionExtendMs: options.auctionExtendMinutes * MINUTE,
    auctionExtendMaxMs: (options.auctionExtendMaxHours ?? DEFAULT_AUCTION_EXTEND_MAX_HOURS) * 60 * MINUTE,
    paymentWindowMs: options.paymentWindowMinutes * MINUTE,
    paymentWindowPremiumMs: (options.paymentWindowPremiumMinutes ?? DEFAULT_PREMIUM_WINDOW_MINUTES) * MINUTE,
    auctionPayments: auctionPaymentSettings(options),
    demoSmsCode: options.demoSmsCode,
    production: options.production,
    // SMS codes are stored as HMACs keyed by the JWT secret, never in clear.
    smsSecret: crypto.createHash('sha256').update(`sms:${options.jwtSecret}`).digest('hex'),
    personSecret: crypto.createHash('sha256').update(`person:${options.jwtSecret}`).digest('hex'),
    bookingSecret: crypto.createHash('sha256').update(`booking:${options.jwtSecret}`).digest('hex'),
    limits: createRateLimits(
      db,
      { ...DEFAULT_LIMITS, ...options.limits },
      { redisUrl: options.redisUrl ?? null, warn: (message) => logError(message, undefined) },
    ),
    esim: options.esim ?? { smdpAddress: DEFAULT_SMDP_ADDRESS, confirmationCode: false },
    telegram: options.telegram ?? null,
    smsSent: options.onSmsSent ?? (() => undefined),
    log,
    logError,
    warmUp: (work) => void warmups.push(work),
  };
  const reservations = createReservationService(ctx);
  const identifications = createIdentificationService(ctx);
  const auctions = createAuctionService(ctx);
  const feed = (options.bidFeed ?? createStoreBidFeed)(db);
  const streams = createLotStreams(ctx, auctions, feed);
  const changeLog = createNumberChangeLog(db, now);
  const numberFeed = createStoreNumberFeed(db, changeLog);
  const numberStreams = createNumberStreams(ctx, numberFeed, changeLog);
  const watches = createWatchService(ctx, changeLog, options.siteUrl ?? DEFAULT_SITE_URL, () => auctions.returnUnsoldNumbers());
  if (options.watchTimer !== false) watches.start();
  const orders = createOrderService(ctx, reservations);
  const payments = createPaymentService(ctx, orders);
  const auctionPayments = createAuctionPayments(ctx, auctions);
  const numberSearch = createNumberSearchReads(
    ctx,
    options.searchThreads ?? DEFAULT_SEARCH_THREADS,
    options.searchThreadsOnDemand ?? false,
  );
  const reads = createReads(ctx, auctions, numberSearch);
  const versions = createDataVersions(db);

  const router = express.Router();
  router.use(cors(options.corsOrigins));
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  registerSandbox(router, ctx, orders, payments, auctionPayments);
  // JSON bodies only (the sandbox forms above are the one exception).
  router.use((req, _res, next) => {
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json')) return next(new ApiError(415, 'unsupported_media_type'));
    next();
  });
  router.use(express.json({ limit: '100kb', verify: refuseDuplicateKeys }));
  // The device credential of SMS sign-in (auth/device-credential.ts) is a cookie.
  router.use(cookieParser());

  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(openApiDocument);
  });
  const smsChallenges = createSmsChallenges(ctx, { ...DEFAULT_SMS_CHALLENGE, ...options.smsChallenge }, options.onSmsChallenge);
  const services = { reservations, watches, numberStreams, auctions, lotStreams: streams, auctionPayments, smsChallenges };
  // Before the reads: /numbers/{number} and /auctions/{id} would read "events" as a number or a lot.
  registerWrites(router, ctx, createWrites(ctx, { ...services, identifications, orders, payments }));
  registerReads(router, ctx, reads, versions);
  registerAllowedMethods(router);

  router.use((_req, _res, next) => next(new ApiError(404, 'not_found')));
  router.use(createErrorHandler(logError, options.onRefused));

  const ping = db.prepare('SELECT 1');
  let open = true;
  // Every warm-up was begun by the services above.
  const warmed = Promise.all(warmups).then(() => undefined);
  let warm = false;
  void warmed.then(() => (warm = true));
  return {
    router,
    async read(name, { lang, query, param, phone = null, requestId, client, signal }) {
      try {
        // The visitor the page is rendered for counts in the number search's line as an API client does.
        const caller = { client: client === undefined ? undefined : clientKey(client), signal };
        return { ok: true, value: await reads(name, lang, query, param, phone, caller) };
      } catch (error) {
        if (error instanceof ApiError) return { ok: false, status: error.status, body: errorBody(lang, error) };
        logError(`API error on the server's own read ${name}`, error, requestId);
        const internal = new ApiError(500, 'internal_error');
        return { ok: false, status: 500, body: errorBody(lang, internal) };
      }
    },
    dataState: (name, param) => versions.stateOf(name, param, now()),
    dataVersion: (key) => versions.versionOf(key),
    now,
    warmed: () => warmed,
    isReady() {
      if (!open || !warm) return false;
      try {
        ping.get();
        return true;
      } catch {
        return false;
      }
    },
    matchWatches: () => watches.tick(),
    endStreams() {
      streams.endAll();
      numberStreams.endAll();
    },
    close() {
      if (!open) return numberSearch.pool.close();
      open = false;
      streams.endAll();
      numberStreams.endAll();
      watches.stop();
      feed.close();
      numberFeed.close();
      ctx.limits.close();
      db.close();
      return numberSearch.pool.close();
    },
  };
}
