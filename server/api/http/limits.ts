import Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes, RateLimiterSQLite } from 'rate-limiter-flexible';
import type { Db } from '../store/database';
import { ApiError } from './api-error';
import { tooManyRequests, type ClientLimits } from './client-limits';
import { createSmsBudgets, type Consume, type Limiter, type SmsBudgets } from './sms-budgets';
import { createStreamSlots } from './stream-slots';

// The limits' figures, the keys clients count under and the refusals: client-limits.ts.
export * from './client-limits';
export { smsOpenPart, type SmsCounted, type SmsPressure } from './sms-budgets';
export { STREAM_RETRY_MS } from './stream-slots';

/** A request counted against a budget of what is done: `refused` once its write was refused after all. */
export interface Counted {
  /** Gives its points back and counts it among the client's own refused requests of its kind instead. */
  refused(): Promise<void>;
  /** Gives its points back: the write did nothing new (a booking answered with the one already held). */
  unspent(): Promise<void>;
}

export interface RateLimits extends SmsBudgets {
  readonly limits: ClientLimits;
  /**
   * Counts a reservation of a client and of its network; rejects with a 429 ApiError past either
   * limit, or once the client had `refusedPerHour` bookings refused within the hour. A booking
   * refused after all (`Counted.refused`) spends neither budget, only the client's own refusals,
   * so no crowd's refused requests lock its neighbours out of the network's bookings. With a
   * `phone` confirmed by SMS, the phone's own budget (as a client's) counts instead of its
   * address's and network's: a carrier's NAT shares an address among thousands, a phone is a SIM.
   */
  reservation(client: string, network: string, phone?: string | null): Promise<Counted>;
  /** Counts a bid of a phone; rejects with a 429 ApiError past the limit. */
  bid(phone: string): Promise<void>;
  /** Counts a watch saved by a client, as `reservation` does its bookings (refused ones apart). */
  watch(client: string): Promise<Counted>;
  /**
   * Counts a phone about to be confirmed through Telegram for a client and its network, as many
   * as SMS codes may go to (LIMIT_SMS_PHONES_PER_HOUR a client, LIMIT_SMS_PER_NETWORK_PER_HOUR a
   * network): a crowd of Telegram accounts confirms no more phones from one address than SMS
   * would. Rejects with a 429 ApiError past either, counting nothing then.
   */
  telegramPhone(client: string, network: string): Promise<void>;
  /** Gives back what `telegramPhone` counted for a confirmation refused after all. */
  telegramPhoneNotConfirmed(client: string, network: string): Promise<void>;
  /**
   * Counts a remote identification about to be checked against the day's refusals of its phone
   * and of its phone on its document (a keyed hash of it); rejects with a 429 ApiError past
   * either, counting nothing then. Then against the document's refusals from all phones: past
   * those it resolves `false` (answer as refused, without asking the registry), never a 429, so no
   * answer tells a phone that others failed on the document. An identification that is not
   * refused gives its points back (`identificationPassed`), so only refusals use them up.
   */
  identification(attempt: IdentificationAttempt): Promise<boolean>;
  identificationPassed(attempt: IdentificationAttempt): Promise<void>;
  /**
   * Counts an open event stream of a client (`clientKey`) of a site (`siteKey`) and returns its
   * release (call it once the stream ends); throws a 429 ApiError when the client or its site
   * already holds as many as allowed (a site's smaller busy share once half the process is open),
   * a 503 when the process holds as many as it may in all.
   */
  openStream(client: string, site: string): () => void;
  close(): void;
}

/** Who a remote identification is counted under: the verified phone and the document's key. */
export interface IdentificationAttempt {
  phone: string;
  document: string;
}

export interface SharedCounters {
  /** Redis shared by every process (on every machine) that names it; null keeps the counters in the store. */
  redisUrl: string | null;
  /** Told (at most once a minute) that Redis cannot be reached and the store counts instead. */
  warn(message: string): void;
}

const WARN_EVERY_MS = 60_000;

/**
 * Rates over a window, counted by rate-limiter-flexible. Without Redis, in the API's own SQLite
 * file: every cluster worker opens that file, so they all count together (the table is made by
 * migration 4). With REDIS_URL, in Redis, so every process on every machine counts together; while
 * Redis cannot answer, each limiter falls back to the store's count (its insurance limiter), so the
 * site keeps answering and the limits still hold per node.
 */
export function createRateLimits(
  db: Db,
  limits: ClientLimits,
  shared: SharedCounters = { redisUrl: null, warn: () => undefined },
): RateLimits {
  // No offline queue: while Redis is away a command fails at once and the insurance limiter answers.
  const redis = shared.redisUrl
    ? new Redis(shared.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        retryStrategy: (times) => Math.min(times * 200, 2000),
      })
    : null;
  let warnedAt = -Infinity;
  let closing = false;
  const unreachable = (reason: string) => {
    if (closing || Date.now() - warnedAt < WARN_EVERY_MS) return;
    warnedAt = Date.now();
    shared.warn(`Redis at REDIS_URL cannot be reached (${reason}): per-client rate limits count in this node's store until it is back`);
  };
  redis?.on('error', (error: Error) => unreachable(error.message));
  redis?.on('close', () => unreachable('connection closed'));
  const limiter: Limiter = (keyPrefix, points, duration) => {
    const local = new RateLimiterSQLite({
      storeClient: db,
      storeType: 'better-sqlite3',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix,
      points,
      duration,
    });
    if (!redis) return local;
    return new RateLimiterRedis({ storeClient: redis, keyPrefix: `oq-limits:${keyPrefix}`, points, duration, insuranceLimiter: local });
  };
  /**
   * Counts one against the key; past the limit, a 429 ApiError. `giveBack`: a refused attempt
   * counts nothing (its point goes back at once), for budgets that count only what was done: an
   * SMS code refused is not sent (and one given back after a lost race frees room even after refusals).
   */
  const consume: Consume = async (counter, key, code, params = {}, giveBack = false) => {
    try {
      return await counter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      if (giveBack) await counter.reward(key);
      throw tooManyRequests(code, rejection.msBeforeNext, params);
    }
  };
  const reservations = limiter('reservations', limits.reservationsPerHour, 3600);
  const networkReservations = limiter('network-reservations', limits.reservationsPerNetworkPerHour, 3600);
  const bids = limiter('bids', limits.bidsPerMinute, 60);
  const watches = limiter('watches', limits.watchesPerHour, 3600);
  // A client's refused bookings and refused watches within the hour, each kind under its own key.
  const refusals = limiter('refused', limits.refusedPerHour, 3600);
  /** Refuses a client that had as many requests of the kind refused within the hour as allowed. */
  const refusalsLeft = async (kind: string, client: string) => {
    const spent = await refusals.get(`${kind}:${client}`);
    if (spent && spent.consumedPoints >= limits.refusedPerHour)
      throw tooManyRequests('too_many_refused_requests', spent.msBeforeNext, { limit: limits.refusedPerHour });
  };
  const counted = (kind: string, client: string, giveBack: () => Promise<unknown>): Counted => ({
    async refused() {
      await giveBack();
      await refusals.penalty(`${kind}:${client}`, 1);
    },
    unspent: async () => void (await giveBack()),
  });
  const sms = createSmsBudgets(limits, limiter, consume);
  const telegramPhones = limiter('telegram-phones', limits.smsPhonesPerHour, 3600);
  const networkTelegramPhones = limiter('network-telegram-phones', limits.smsPerNetworkPerHour, 3600);
  const DAY = 24 * 3600;
  // Each counter's key from an attempt: the phone's, the phone's on the document, the document's.
  const identifications = [
    [(a: IdentificationAttempt) => a.phone, limiter('identification-phones', limits.identificationFailuresPerPhone, DAY)],
    [
      (a: IdentificationAttempt) => `${a.phone}:${a.document}`,
      limiter('identification-phone-documents', limits.identificationFailuresPerPhoneDocument, DAY),
    ],
    [(a: IdentificationAttempt) => a.document, limiter('identification-documents', limits.identificationFailuresPerDocument, DAY)],
  ] as const;
  const openStream = createStreamSlots(limits);
  return {
    limits,
    async reservation(client, network, phone) {
      if (phone) {
        const key = `phone:${phone}`;
        await refusalsLeft('reservation', key);
        await consume(reservations, key, 'too_many_phone_reservations', { limit: limits.reservationsPerHour }, true);
        return counted('reservation', key, () => reservations.reward(key));
      }
      await refusalsLeft('reservation', client);
      await consume(reservations, client, 'too_many_reservations', { limit: limits.reservationsPerHour }, true);
      try {
        await consume(networkReservations, network, 'too_many_network_reservations', { limit: limits.reservationsPerNetworkPerHour }, true);
      } catch (refusal) {
        await reservations.reward(client);
        throw refusal;
      }
      return counted('reservation', client, () => Promise.all([reservations.reward(client), networkReservations.reward(network)]));
    },
    async bid(phone) {
      await consume(bids, phone, 'too_many_bids', { limit: limits.bidsPerMinute });
    },
    async watch(client) {
      await refusalsLeft('watch', client);
      await consume(watches, client, 'too_many_watch_requests', { limit: limits.watchesPerHour }, true);
      return counted('watch', client, () => watches.reward(client));
    },
    ...sms,
    async telegramPhone(client, network) {
      await consume(telegramPhones, client, 'too_many_telegram_phones', { limit: limits.smsPhonesPerHour }, true);
      try {
        await consume(networkTelegramPhones, network, 'too_many_telegram_phones', { limit: limits.smsPerNetworkPerHour }, true);
      } catch (refusal) {
        await telegramPhones.reward(client);
        throw refusal;
      }
    },
    async telegramPhoneNotConfirmed(client, network) {
      await telegramPhones.reward(client);
      await networkTelegramPhones.reward(network);
    },
    async identification(attempt) {
      const [phone, phoneDocument, document] = identifications.map(([key, counter]) => [counter, key(attempt)] as const);
      await consume(phone[0], phone[1], 'too_many_identification_attempts', {}, true);
      try {
        await consume(phoneDocument[0], phoneDocument[1], 'too_many_identification_attempts', {}, true);
      } catch (refusal) {
        await phone[0].reward(phone[1]);
        throw refusal;
      }
      // Past the document's own cap the attempt is a refusal like a wrong date: the phone's points stay spent.
      return consume(document[0], document[1], 'too_many_identification_attempts', {}, true).then(
        () => true,
        (refusal: unknown) => {
          if (refusal instanceof ApiError) return false;
          throw refusal;
        },
      );
    },
    async identificationPassed(attempt) {
      for (const [key, counter] of identifications) await counter.reward(key(attempt));
    },
    openStream,
    close: () => {
      closing = true;
      redis?.disconnect();
    },
  };
}
