import { formatUzPhone } from '../../../shared/validation';
import type { ApiContext } from '../context';
import { CREDENTIAL_HEADERS } from '../../../shared/contract/credentials';
import { ApiError } from '../http/api-error';
import { siteRange } from '../http/client-limits';
import { tooManyRequests } from '../http/limits';
import { PREMIUM_CATEGORIES } from '../numbers/categories';
import type { NumberRow } from '../numbers/number-store';

/**
 * The premium categories (gold and platinum: a hundred-odd numbers each, the ones a crowd would
 * corner) under limits of their own, whoever books: a confirmed phone is no limit on how many
 * numbers a crowd holds when each of its members can confirm one (the demo accepts any passport,
 * and an operator's real check still lets 35 people with 35 SIM cards through).
 *
 * - At most `premiumHeldShare` of a premium category's numbers on sale may be held at once
 *   (bookings and orders awaiting payment, anonymous or not): the rest stays on sale.
 * - One confirmed phone holds at most `premiumHoldsPerPhone` premium numbers at once, through its
 *   bookings and its orders awaiting payment.
 * - Without a confirmed phone, one client holds at most `anonymousPremiumHoldsPerClient` premium
 *   numbers at once through its bookings, and its network (IPv4 /24, IPv6 /48) `anonymousPremiumHoldsPerNetwork`: past
 *   either, the SMS step first (403 phone_required), and then the phone's limit.
 *
 * An auction's winner is outside both: the number was won, not taken off open sale.
 */
export function createPremiumHolds(ctx: ApiContext) {
  const db = ctx.db;
  const premium = `n.category IN (${PREMIUM_CATEGORIES.map((id) => `'${id}'`).join(', ')})`;
  const onSale = db.prepare("SELECT COALESCE(SUM(numbers), 0) FROM number_totals WHERE category = ? AND status = 'free'").pluck();
  // Held right now, by a booking or an order: a short range of the index of running holds.
  const heldInCategory = db.prepare(
    `SELECT COUNT(*) AS count, MIN(n.held_until) AS firstEnds FROM numbers n INDEXED BY numbers_held
     WHERE n.held_until > @now AND n.status = 'free' AND n.category = @category`,
  );
  // The premium numbers a phone holds now: through its own bookings (made with the phone
  // confirmed) or through its orders awaiting payment (an order always has the phone).
  const heldByPhone = db.prepare(
    `SELECT COUNT(*) AS count, MIN(n.held_until) AS firstEnds FROM numbers n INDEXED BY numbers_held
     WHERE n.held_until > @now AND n.status = 'free' AND ${premium} AND n.hold_ref IS NOT @except AND (
       (n.hold_kind = 'reservation' AND n.hold_ref IN (SELECT id FROM reservations WHERE phone = @phone AND expires_at > @now))
       OR (n.hold_kind = 'order' AND n.hold_ref IN (SELECT id FROM orders WHERE phone = @phone AND status = 'created' AND payment_deadline > @now)))`,
  );

  // The phone's own unpaid order of a number with a price (or won at auction) that still holds it.
  const unpaidPremiumOrder = db.prepare(
    `SELECT o.id, o.payment_deadline AS deadline, n.msisdn FROM orders o JOIN numbers n ON n.id = o.number_id
     WHERE o.phone = ? AND o.premium = 1 AND o.status = 'created' AND o.payment_deadline > ? ORDER BY o.created_at LIMIT 1`,
  );

  // Premium numbers held right now by one client's (or network's) bookings without a verified phone.
  // A client's by its key; a network's by its IPv4 /24 (its key) or, for IPv6, by its /48: the range
  // of the client keys of every /64 in it (`siteRange`), as a home line has 256 /64s, an office 65,536.
  const heldAnonymouslyBy = (where: string) =>
    db
      .prepare(
        `SELECT COUNT(*) FROM numbers n JOIN reservations r ON r.id = n.hold_ref
         WHERE n.held_until > @now AND n.hold_kind = 'reservation' AND n.status = 'free' AND ${premium}
           AND r.phone IS NULL AND r.created_at > @since AND ${where}`,
      )
      .pluck();
  const heldAnonymouslyByClient = heldAnonymouslyBy('r.client_key = @key');
  const heldAnonymouslyByNetwork = heldAnonymouslyBy('r.network_key = @key');
  const heldAnonymouslyBySite = heldAnonymouslyBy('r.client_key >= @from AND r.client_key < @to');

  const isPremium = (number: Pick<NumberRow, 'category'>) => (PREMIUM_CATEGORIES as readonly string[]).includes(number.category);

  return {
    isPremium,

    /**
     * Refuses a new hold of a premium number past the category's share. `replacing`: the
     * visitor's own booking this one replaces, whose number comes back on sale in the same step.
     */
    checkShare(number: NumberRow, replacing: NumberRow | null, now: number): void {
      if (!isPremium(number)) return;
      const available = onSale.get(number.category) as number;
      const budget = Math.floor(ctx.limits.limits.premiumHeldShare * available);
      const held = heldInCategory.get({ now, category: number.category }) as { count: number; firstEnds: number | null };
      const count = held.count - (replacing && replacing.category === number.category ? 1 : 0);
      if (count >= budget) {
        const seconds = Math.max(1, Math.ceil(((held.firstEnds ?? now) - now) / 1000));
        throw new ApiError(409, 'premium_category_held', {
          params: { share: Math.round(ctx.limits.limits.premiumHeldShare * 100) },
          extra: { retryAfterSeconds: seconds },
        });
      }
    },

    /**
     * Refuses a booking without a verified phone a premium hold past its client's or network's
     * limit (403 phone_required: the SMS step first). `replacing`: the requester's own anonymous
     * premium booking this one replaces, released in the same step. `since`: the oldest booking
     * that may still hold (HOLD_HORIZON_MS), the start of the index range read.
     */
    checkAnonymous(
      requester: { client: string; network: string },
      replacing: { client_key: string; network_key: string } | null,
      since: number,
      now: number,
    ): void {
      const { anonymousPremiumHoldsPerClient, anonymousPremiumHoldsPerNetwork } = ctx.limits.limits;
      const site = siteRange(requester.client);
      // The requester's network: an IPv4 client's /24 by its key, an IPv6 client's /48 by its range of client keys.
      const inNetwork = (held: { client_key: string; network_key: string }) =>
        site.exact ? held.network_key === requester.network : held.client_key >= site.from && held.client_key < site.to;
      const checks = [
        {
          held: heldAnonymouslyByClient.get({ key: requester.client, since, now }) as number,
          theirs: replacing?.client_key === requester.client,
          limit: anonymousPremiumHoldsPerClient,
        },
        {
          held: (site.exact
            ? heldAnonymouslyByNetwork.get({ key: requester.network, since, now })
            : heldAnonymouslyBySite.get({ ...site, since, now })) as number,
          theirs: replacing !== null && inNetwork(replacing),
          limit: anonymousPremiumHoldsPerNetwork,
        },
      ];
      for (const { held, theirs, limit } of checks) {
        const count = held - (theirs ? 1 : 0);
        // Its own words: the share's message ("many numbers ... without a phone") would be false here.
        if (count >= limit)
          throw new ApiError(403, 'phone_required', {
            field: CREDENTIAL_HEADERS.auth,
            messageKey: 'reservation.premiumWithoutPhone',
            params: { limit },
          });
      }
    },

    /**
     * Refuses a phone a premium hold past its own limit. `except`: the booking or order that
     * becomes this hold (an order made from the phone's own booking holds nothing new).
     */
    checkPhone(number: Pick<NumberRow, 'category'>, phone: string, except: string | null, now: number): void {
      if (!isPremium(number)) return;
      const limit = ctx.limits.limits.premiumHoldsPerPhone;
      const held = heldByPhone.get({ now, phone, except }) as { count: number; firstEnds: number | null };
      if (held.count >= limit) throw tooManyRequests('too_many_premium_holds', (held.firstEnds ?? now) - now, { limit });
    },

    /**
     * A phone with an unpaid premium order may not order a second number with a price
     * (order-service.ts, checkPremiumOrders): choosing one is refused at once, naming that order
     * (the phone's own: the request carries this phone's auth token) so the visitor can pay it.
     */
    checkUnpaidOrder(number: Pick<NumberRow, 'price'>, phone: string, now: number): void {
      if (number.price <= 0) return;
      const order = unpaidPremiumOrder.get(phone, now) as { id: string; deadline: number; msisdn: string } | undefined;
      if (!order) return;
      const { options } = tooManyRequests('premium_order_unpaid', order.deadline - now, { number: formatUzPhone(order.msisdn) });
      throw new ApiError(429, 'premium_order_unpaid', {
        params: options.params,
        messageKey: 'order.unpaidPremiumOrder',
        extra: { ...options.extra, orderId: order.id, number: order.msisdn },
      });
    },
  };
}

export type PremiumHolds = ReturnType<typeof createPremiumHolds>;
