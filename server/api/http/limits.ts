import Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../store/database';
import { ApiError, type ErrorCode, type ErrorParams } from './api-error';
import { tooManyRequests, type ClientLimits } from './client-limits';
import { createStreamSlots } from './stream-slots';

// The limits' figures, the keys clients count under and the refusals: client-limits.ts.
export * from './client-limits';
export { STREAM_RETRY_MS } from './stream-slots';

/** What the SMS budgets hold now (RateLimits.smsPressure). */
export interface SmsPressure {
  /** Codes sent to the network's clients within the hour. */
  network: number;
  /** SMS sent within the hour in all, codes and watches. */
  total: number;
  /** The part of the total open to anyone: past it, only the reserve is left. */
  open: number;
}

/** The part of the hour's SMS total open to every request and to watches: all but the reserve, at least one. */
export function smsOpenPart(limits: ClientLimits): number {
  return Math.max(1, Math.floor(limits.smsTotalPerHour * (1 - limits.smsReserveShare)));
}

/**
 * Where `smsCode` counted a code. A `returning` code (its request carries the phone's device
 * credential, auth/device-credential.ts; docs/attacks/2026-11-28-writes-second.md A5) is never refused by its network's budget (counted while there is
 * room) and, once the hour's total is spent, draws on the returning budget: as many SMS again as the
 * reserve, for returning phones only, LIMIT_SMS_RESERVE_NETWORK_CODES a phone within the hour, which
 * no crowd of networks can spend.
 */
export interface SmsCounted {
  network: boolean;
  /** Counted in the returning budget, past the hour's total, for this phone; null: in the total. */
  beyondTotal: string | null;
}

/** A request counted against a budget of what is done: `refused` once its write was refused after all. */
export interface Counted {
  /** Gives its points back and counts it among the client's own refused requests of its kind instead. */
  refused(): Promise<void>;
  /** Gives its points back: the write did nothing new (a booking answered with the one already held). */
  unspent(): Promise<void>;
}

export interface RateLimits {
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
   * Counts an SMS code about to be sent to a client of the network, against the network's hourly
   * budget and the total one; rejects with a 429 ApiError past either, counting nothing then.
   * Past the total's open part, the reserve counts by `site` too (`siteKey`: an IPv6 client's /48),
   * so a site's many /64s draw on it as one network.
   */
  smsCode(network: string, site?: string, returningPhone?: string | null): Promise<SmsCounted>;
  /** Gives back what `smsCode` counted (its answer) for a code that was not sent after all. */
  smsCodeNotSent(network: string, counted?: SmsCounted): Promise<void>;
  /**
   * The SMS budgets' fill now, read without counting anything: the codes the network had within
   * the hour, and the SMS of the hour in all (codes and watches), for the challenges' difficulty.
   */
  smsPressure(network: string): Promise<SmsPressure>;
  /** How many watch messages may go now: what the hour's total leaves outside the reserve. */
  smsWatchRoom(): Promise<number>;
  /** Counts watch messages sent against the hour's total (never refused: `smsWatchRoom` said there was room). */
  smsWatchSent(count: number): Promise<void>;
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
/** The one key of the limits counted over all clients together. */
const TOTAL_KEY = 'all';

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
  const limiter = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
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
  const consume = async (counter: RateLimiterAbstract, key: string, code: ErrorCode, params: ErrorParams = {}, giveBack = false) => {
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
  const networkSms = limiter('network-sms', limits.smsPerNetworkPerHour, 3600);
  // The reserve's codes per site (siteKey) within the hour, as many as a network may have had.
  const siteReserveSms = limiter('site-reserve-sms', limits.smsReserveNetworkCodes, 3600);
  const totalSms = limiter('total-sms', limits.smsTotalPerHour, 3600);
  const open = smsOpenPart(limits);
  const returningSms = limiter('returning-sms', Math.max(1, limits.smsTotalPerHour - open), 3600);
  const returningPhoneSms = limiter('returning-phone-sms', limits.smsReserveNetworkCodes, 3600);
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
    async smsCode(network, site = network, returningPhone = null) {
      const returning = returningPhone !== null;
      // A returning phone is not refused by its network's budget: a neighbour who spent it behind
      // the same NAT locks out only phones new to the network.
      const counted = await consume(networkSms, network, 'too_many_network_sms', { limit: limits.smsPerNetworkPerHour }, true).catch(
        (refusal: unknown) => {
          if (returning && refusal instanceof ApiError) return null;
          throw refusal;
        },
      );
      const giveBackNetwork = () => (counted ? networkSms.reward(network) : undefined);
      let fromReserve = false;
      try {
        // Past the open part, the reserve: for returning phones, and for networks that had few
        // codes within the hour before this one, as many per site (read, then counted: a few
        // requests racing may take a little more of it).
        const total = await totalSms.get(TOTAL_KEY);
        const busy = () => tooManyRequests('sms_busy', total?.msBeforeNext ?? 3_600_000);
        if (!returning && (total?.consumedPoints ?? 0) >= open) {
          if (!counted || counted.consumedPoints - 1 >= limits.smsReserveNetworkCodes) throw busy();
          // Refused, it counts nothing and waits as long as the total does.
          await consume(siteReserveSms, site, 'sms_busy', {}, true).catch((error: unknown) => {
            throw error instanceof ApiError ? busy() : error;
          });
          fromReserve = true;
        }
        try {
          await consume(totalSms, TOTAL_KEY, 'sms_busy', {}, true);
        } catch (refusal) {
          if (!returningPhone || !(refusal instanceof ApiError)) throw refusal;
          await consume(returningPhoneSms, returningPhone, 'sms_busy', {}, true);
          await consume(returningSms, TOTAL_KEY, 'sms_busy', {}, true).catch(async (full: unknown) => {
            await returningPhoneSms.reward(returningPhone);
            throw full;
          });
          return { network: counted !== null, beyondTotal: returningPhone };
        }
        return { network: counted !== null, beyondTotal: null };
      } catch (refusal) {
        await giveBackNetwork();
        if (fromReserve) await siteReserveSms.reward(site);
        throw refusal;
      }
    },
    async smsCodeNotSent(network, counted = { network: true, beyondTotal: null }) {
      if (counted.network) await networkSms.reward(network);
      if (counted.beyondTotal === null) await totalSms.reward(TOTAL_KEY);
      else await Promise.all([returningSms.reward(TOTAL_KEY), returningPhoneSms.reward(counted.beyondTotal)]);
    },
    async smsPressure(network) {
      const [sent, total] = await Promise.all([networkSms.get(network), totalSms.get(TOTAL_KEY)]);
      return { network: sent?.consumedPoints ?? 0, total: total?.consumedPoints ?? 0, open };
    },
    async smsWatchRoom() {
      return Math.max(0, open - ((await totalSms.get(TOTAL_KEY))?.consumedPoints ?? 0));
    },
    async smsWatchSent(count) {
      if (count > 0) await totalSms.penalty(TOTAL_KEY, count);
    },
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
