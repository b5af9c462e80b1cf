import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError, type ErrorCode, type ErrorParams } from './api-error';
import { tooManyRequests, type ClientLimits } from './client-limits';

/**
 * The SMS budgets of RateLimits (limits.ts): the codes of a network, the hour's total with its
 * reserve, the budget of returning phones, and the room left for watch messages (docs/api.md,
 * "SMS challenges"). Counted by the limiters limits.ts makes, in the store or in Redis.
 */

/** A counter over a window (rate-limiter-flexible), made by limits.ts in the store or in Redis. */
export type Limiter = (keyPrefix: string, points: number, duration: number) => RateLimiterAbstract;
/** Counts one against the key; past the limit a 429 ApiError (`giveBack`: the refused point goes back). */
export type Consume = (
  counter: RateLimiterAbstract,
  key: string,
  code: ErrorCode,
  params?: ErrorParams,
  giveBack?: boolean,
) => Promise<RateLimiterRes>;

/** The one key of the limits counted over all clients together. */
const TOTAL_KEY = 'all';

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

/** RateLimits' SMS part. */
export interface SmsBudgets {
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
}

export function createSmsBudgets(limits: ClientLimits, limiter: Limiter, consume: Consume): SmsBudgets {
  const networkSms = limiter('network-sms', limits.smsPerNetworkPerHour, 3600);
  // The reserve's codes per site (siteKey) within the hour, as many as a network may have had.
  const siteReserveSms = limiter('site-reserve-sms', limits.smsReserveNetworkCodes, 3600);
  const totalSms = limiter('total-sms', limits.smsTotalPerHour, 3600);
  const open = smsOpenPart(limits);
  const returningSms = limiter('returning-sms', Math.max(1, limits.smsTotalPerHour - open), 3600);
  const returningPhoneSms = limiter('returning-phone-sms', limits.smsReserveNetworkCodes, 3600);
  return {
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
  };
}
