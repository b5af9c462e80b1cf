import crypto from 'node:crypto';
import type { Reservation, ReservationResponse } from '../../../shared/api-types';
import { formatUzPhone } from '../../../shared/validation';
import type { ApiContext } from '../context';
import { ApiError, conflict, notFound, unauthorized, type ErrorCode } from '../http/api-error';
import { tooManyRequests } from '../http/limits';
import type { TokenClaims, TokenGrant } from '../http/tokens';
import { HOLD_IS_FREE, isHeld, RELEASE_HOLD, type NumberRow } from '../numbers/number-store';
import { writeTransaction } from '../store/database';
import { createPremiumHolds } from './premium-holds';
import { bookingIdOf } from './booking-id';
import { createRebookWait } from './rebook-wait';
import { nothingNew } from '../write-handler';
import { CREDENTIAL_HEADERS } from '../../../shared/contract/credentials';

export interface ReservationRow {
  id: string;
  number_id: number;
  price: number;
  lot_id: string | null;
  status: 'active' | 'cancelled' | 'replaced' | 'ordered';
  created_at: number;
  expires_at: number;
  order_id: string | null;
  /** The verified phone that made the booking, null without the SMS step. */
  phone: string | null;
  /** The client and network that made it (`clientKey`, `networkKey` of its address). */
  client_key: string;
  network_key: string;
}

/** What the visitor gets, but the token: the transaction decides it, the token is signed after the commit. */
interface Reserved {
  grant: TokenGrant;
  reservation: Reservation;
  replaced: string | null;
  /** The booking the visitor's token already held, answered again: nothing new held. */
  kept: boolean;
}

/**
 * Who asks for a booking: the client and its network (`clientKey`, `networkKey` of the request's
 * address) and the phone confirmed by SMS, when the visitor sent its auth token.
 */
export interface Requester {
  client: string;
  network: string;
  phone: string | null;
}

/** Longer than any hold lasts (a booking, an auction winner's window, the longest payment window). */
const HOLD_HORIZON_MS = 8 * 24 * 60 * 60 * 1000;

export function createReservationService(ctx: ApiContext) {
  const db = ctx.db;
  const numberByMsisdn = db.prepare('SELECT * FROM numbers WHERE msisdn = ?');
  const numberById = db.prepare('SELECT * FROM numbers WHERE id = ?');
  const reservationById = db.prepare('SELECT * FROM reservations WHERE id = ?');
  // The claim itself: only one of any number of simultaneous requests can change this row.
  const claim = db.prepare(
    `UPDATE numbers SET hold_kind = 'reservation', hold_ref = @ref, held_until = @until
     WHERE id = @id AND status = @status AND ${HOLD_IS_FREE}`,
  );
  const release = db.prepare(RELEASE_HOLD);
  const insert = db.prepare(
    `INSERT INTO reservations (id, number_id, price, lot_id, status, created_at, expires_at, client_key, network_key, phone)
     VALUES (@id, @number_id, @price, @lot_id, 'active', @created_at, @expires_at, @client, @network, @phone)`,
  );
  // Numbers the bookings of a client (or of a network, or a phone's own bookings) hold now,
  // directly or through an order awaiting payment. No hold outlives HOLD_HORIZON_MS, so older
  // bookings are not looked at.
  const heldBy = (column: 'client_key' | 'network_key' | 'phone', through: string) =>
    db.prepare(
      `SELECT COUNT(*) AS count, MIN(n.held_until) AS firstEnds FROM reservations r JOIN numbers n ON n.id = r.number_id
       WHERE r.${column} = @key AND r.created_at > @since AND n.held_until > @now AND n.hold_ref IN (${through})`,
    );
  const heldByClient = heldBy('client_key', 'r.id, r.order_id');
  const heldByNetwork = heldBy('network_key', 'r.id, r.order_id');
  // A phone's bookings only: its orders awaiting payment have their own limit (per phone and per person).
  const bookedByPhone = heldBy('phone', 'r.id');
  // The category's numbers on sale (held or not), from the totals the triggers keep.
  const onSale = db.prepare("SELECT COALESCE(SUM(numbers), 0) FROM number_totals WHERE category = ? AND status = 'free'").pluck();
  // Numbers of the category held right now by bookings made without a verified phone: a short
  // range of the index of running holds (every hold lapses within HOLD_HORIZON_MS).
  const heldAnonymously = db
    .prepare(
      `SELECT COUNT(*) FROM numbers n JOIN reservations r ON r.id = n.hold_ref
       WHERE n.held_until > @now AND n.hold_kind = 'reservation' AND n.status = 'free' AND n.category = @category AND r.phone IS NULL`,
    )
    .pluck();
  // A booking cancelled or replaced ends at that moment: the rebooking wait counts from it.
  const end = db.prepare(
    "UPDATE reservations SET status = @status, expires_at = MIN(expires_at, @now) WHERE id = @id AND status = 'active'",
  );
  const orderDeadline = db.prepare('SELECT payment_deadline FROM orders WHERE id = ?').pluck();
  // An order that lapsed unpaid: `created` past its deadline until something expires it, or `expired`.
  const orderLapsed = db
    .prepare("SELECT 1 FROM orders WHERE id = ? AND status IN ('created', 'expired') AND payment_deadline <= ?")
    .pluck();
  const premium = createPremiumHolds(ctx);
  const rebookWait = createRebookWait(ctx);

  function view(row: ReservationRow): Reservation {
    const number = numberById.get(row.number_id) as NumberRow;
    // An ordered booking's number is held by its order, until the order's payment deadline.
    const holdEnds = row.status === 'ordered' && row.order_id ? (orderDeadline.get(row.order_id) as number | undefined) : undefined;
    return {
      number: number.msisdn,
      formatted: formatUzPhone(number.msisdn),
      price: row.price,
      category: number.category,
      status: row.status === 'ordered' ? 'ordered' : 'active',
      expiresAt: new Date(holdEnds ?? row.expires_at).toISOString(),
      orderId: row.order_id,
      bookingId: bookingIdOf(ctx, row.id),
    };
  }

  function reserved(row: ReservationRow, replaced: string | null, kept = false): Reserved {
    const number = numberById.get(row.number_id) as NumberRow;
    return {
      grant: { kind: 'reservation', sub: row.id, expiresAtMs: row.expires_at, num: number.msisdn, bid: bookingIdOf(ctx, row.id) },
      reservation: view(row),
      replaced,
      kept,
    };
  }

  /** The visitor's reservation that still holds its number, if the token names one. */
  function activeHeld(claims: TokenClaims | null, now: number): ReservationRow | null {
    if (!claims) return null;
    const row = reservationById.get(claims.sub) as ReservationRow | undefined;
    return row && row.status === 'active' && row.expires_at > now ? row : null;
  }

  /**
   * Refuses a new hold past one of the requester's limits: the client's, its network's, its phone's.
   * `replacing`: the visitor's own booking this one replaces, released in the same step, so it is
   * left out of the count it belongs to (the new booking is the requester's, whoever made the old one).
   */
  function checkHolds(requester: Requester, replacing: ReservationRow | null, now: number): void {
    const limits = ctx.limits.limits;
    const since = now - HOLD_HORIZON_MS;
    const checks: Array<{ statement: typeof heldByClient; key: string; theirs: string | null; limit: number; code: ErrorCode }> = [
      {
        statement: heldByClient,
        key: requester.client,
        theirs: replacing?.client_key ?? null,
        limit: limits.holdsPerClient,
        code: 'too_many_holds',
      },
      {
        statement: heldByNetwork,
        key: requester.network,
        theirs: replacing?.network_key ?? null,
        limit: limits.holdsPerNetwork,
        code: 'too_many_network_holds',
      },
      ...(requester.phone
        ? [
            {
              statement: bookedByPhone,
              key: requester.phone,
              theirs: replacing?.phone ?? null,
              limit: limits.bookingsPerPhone,
              code: 'too_many_phone_bookings' as const,
            },
          ]
        : []),
    ];
    for (const { statement, key, theirs, limit, code } of checks) {
      const holds = statement.get({ key, since, now }) as { count: number; firstEnds: number | null };
      const count = holds.count - (theirs === key ? 1 : 0);
      if (count >= limit) throw tooManyRequests(code, (holds.firstEnds ?? now) - now, { limit });
    }
  }

  /**
   * The catalogue's own limit: bookings without a verified phone may hold at most
   * `anonymousHeldShare` of a category's numbers on sale. Whatever number of addresses ask, the
   * rest of the category stays bookable; past the share, the visitor confirms a phone by SMS first.
   * The visitor's own booking being replaced frees its number, so it does not count. In gold and
   * platinum, the requester's own anonymous premium holds have a limit too (premium-holds.ts).
   */
  function checkAnonymousShare(number: NumberRow, previous: ReservationRow | null, now: number, requester: Requester): void {
    const budget = Math.floor(ctx.limits.limits.anonymousHeldShare * (onSale.get(number.category) as number));
    let held = heldAnonymously.get({ now, category: number.category }) as number;
    if (previous && previous.phone === null && (numberById.get(previous.number_id) as NumberRow).category === number.category) held -= 1;
    if (held >= budget) throw new ApiError(403, 'phone_required', { field: CREDENTIAL_HEADERS.auth });
    if (premium.isPremium(number)) {
      const replacing = previous?.phone === null ? previous : null;
      const replacingPremium = replacing !== null && premium.isPremium(numberById.get(replacing.number_id) as NumberRow);
      premium.checkAnonymous(requester, replacingPremium ? replacing : null, now - HOLD_HORIZON_MS, now);
    }
  }

  /**
   * Reserves a number; a visitor who already holds one gets it replaced in the same transaction,
   * so they never hold two and never lose the first unless the second is theirs.
   */
  const reserveInStore = writeTransaction(
    db,
    (
      msisdn: string,
      held: TokenClaims | null,
      requester: Requester,
      auction?: { lotId: string; price: number; until: number },
    ): Reserved => {
      const now = ctx.now();
      const number = numberByMsisdn.get(msisdn) as NumberRow | undefined;
      if (!number) throw notFound('number_not_found');
      const previous = activeHeld(held, now);
      if (previous && previous.number_id === number.id) return reserved(previous, null, true);
      if (number.status === 'sold') throw conflict('number_unavailable');
      if (number.status === 'auction' && !auction) throw conflict('number_on_auction');
      // Held by someone else: said before the requester's own limits, which would only send them to
      // the SMS step for a number they cannot have (the claim below checks it again, in the write).
      if (!auction && isHeld(number, now)) throw conflict('number_unavailable');
      if (!auction) rebookWait.check(number.id, requester, now);
      // The new booking is the requester's, a replacement too: their limits apply, the replaced
      // booking counted as released (replacing one's own booking holds no more than before).
      if (!auction) checkHolds(requester, previous, now);
      // An auction's winner buys the lot they won; the share is about numbers on open sale.
      if (!auction && requester.phone === null) checkAnonymousShare(number, previous, now, requester);
      if (!auction) {
        // The visitor's own booking being replaced comes back on sale in this same step.
        const replacing = previous ? (numberById.get(previous.number_id) as NumberRow) : null;
        if (requester.phone) premium.checkUnpaidOrder(number, requester.phone, now);
        premium.checkShare(number, replacing, now);
        if (requester.phone) premium.checkPhone(number, requester.phone, previous?.id ?? null, now);
      }
      const id = crypto.randomUUID();
      const until = auction ? auction.until : now + ctx.reservationMs;
      const claimed = claim.run({ ref: id, until, id: number.id, status: auction ? 'auction' : 'free', now });
      if (claimed.changes !== 1) throw conflict('number_unavailable');
      insert.run({
        id,
        number_id: number.id,
        price: auction ? auction.price : number.price,
        lot_id: auction?.lotId ?? null,
        created_at: now,
        expires_at: until,
        client: requester.client,
        network: requester.network,
        phone: requester.phone,
      });
      let replaced: string | null = null;
      if (previous) {
        release.run(previous.number_id, previous.id);
        end.run({ status: 'replaced', id: previous.id, now });
        replaced = (numberById.get(previous.number_id) as NumberRow).msisdn;
      }
      return reserved(reservationById.get(id) as ReservationRow, replaced);
    },
  );

  async function reserve(...args: Parameters<typeof reserveInStore>): Promise<ReservationResponse> {
    const { grant, reservation, replaced, kept } = reserveInStore(...args);
    const response = { reservationToken: await ctx.tokens.sign(grant), reservation, replaced };
    // The same number again with its own token spends no hourly booking budget (docs/attacks/2026-11-28-writes-second.md, A1).
    if (kept) nothingNew.add(response);
    return response;
  }

  /**
   * The reservation a token names, as long as it is still the visitor's: active, or ordered while
   * its order is paid or awaits payment. Once the order lapsed unpaid the number is anyone's again,
   * so the booking has expired (docs/attacks/2026-11-28-writes-second.md, A9).
   */
  function current(claims: TokenClaims): ReservationRow {
    const row = reservationById.get(claims.sub) as ReservationRow | undefined;
    if (!row || row.status === 'cancelled' || row.status === 'replaced') throw notFound('reservation_not_found');
    const now = ctx.now();
    if (row.status === 'active' && row.expires_at <= now) throw unauthorized('reservation_expired');
    if (row.status === 'ordered' && row.order_id && orderLapsed.get(row.order_id, now)) throw unauthorized('reservation_expired');
    return row;
  }

  const cancel = writeTransaction(db, (claims: TokenClaims) => {
    const row = current(claims);
    if (row.status === 'ordered') throw conflict('reservation_has_order');
    release.run(row.number_id, row.id);
    end.run({ status: 'cancelled', id: row.id, now: ctx.now() });
  });

  return { reserve, current, cancel, view, premium };
}

export type ReservationService = ReturnType<typeof createReservationService>;
