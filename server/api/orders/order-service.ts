import crypto from 'node:crypto';
import type {
  ConstructorSelection,
  CreateOrderResponse,
  Delivery,
  Order,
  OrderStatus,
  OrderTariff,
  SimTypeId,
} from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { quoteTariff } from '../../../shared/tariff-pricing';
import { formatUzPhone } from '../../../shared/validation';
import type { ApiContext } from '../context';
import { badRequest, conflict } from '../http/api-error';
import { translate } from '../http/language';
import { tooManyRequests } from '../http/limits';
import type { TokenClaims, TokenGrant } from '../http/tokens';
import type { NumberRow } from '../numbers/number-store';
import { createPointCatalogue } from '../points-of-sale/point-catalogue';
import type { ReservationRow, ReservationService } from '../reservations/reservation-service';
import { createTariffCatalogue } from '../tariffs/tariff-catalogue';
import { SIM_TYPES } from '../tariffs/sim-types';
import type { OrderInput } from './order-input';
import { createEsimProfiles } from './esim-profiles';
import { writeTransaction } from '../store/database';

/** The order's own token (the site's access_token) stays usable this long, to re-check an activation later. */
export const ORDER_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface OrderRow {
  id: string;
  reservation_id: string;
  number_id: number;
  lot_id: string | null;
  phone: string;
  status: OrderStatus;
  number_price: number;
  tariff: string;
  sim_type: SimTypeId;
  sim_price: number;
  email: string | null;
  delivery: string | null;
  total: number;
  created_at: number;
  payment_deadline: number;
  paid_at: number | null;
  activated_at: number | null;
  /** The person the ordering phone was identified as (IdentificationService.personOf). */
  person_key: string | null;
  /** 1 for a number with a price or won at auction: the short payment window, one unpaid per person. */
  premium: number;
  /** When its phone cancelled it awaiting payment (its status is then `expired`, order-cancel.ts). */
  cancelled_at: number | null;
}

type StoredTariff = Omit<OrderTariff, 'name'>;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function createOrderService(ctx: ApiContext, reservations: ReservationService) {
  const db = ctx.db;
  const tariffs = createTariffCatalogue(db);
  const points = createPointCatalogue(db);
  const esimProfiles = createEsimProfiles(ctx);
  const numberById = db.prepare('SELECT * FROM numbers WHERE id = ?');
  const orderById = db.prepare('SELECT * FROM orders WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO orders (id, reservation_id, number_id, lot_id, phone, status, number_price, tariff, sim_type, sim_price, email, delivery, total, created_at, payment_deadline, person_key, premium)
     VALUES (@id, @reservation_id, @number_id, @lot_id, @phone, 'created', @number_price, @tariff, @sim_type, @sim_price, @email, @delivery, @total, @created_at, @payment_deadline, @person_key, @premium)`,
  );
  // The hold passes from the reservation to the order and lasts until the payment window ends.
  const handOver = db.prepare(
    "UPDATE numbers SET hold_kind = 'order', hold_ref = ?, held_until = ? WHERE id = ? AND hold_ref = ? AND held_until > ?",
  );
  const markOrdered = db.prepare("UPDATE reservations SET status = 'ordered', order_id = ? WHERE id = ? AND status = 'active'");
  const awaitingPayment = db.prepare(
    "SELECT COUNT(*) AS count, MIN(payment_deadline) AS firstEnds FROM orders WHERE phone = ? AND status = 'created' AND payment_deadline > ?",
  );
  const premiumAwaitingPayment = db.prepare(
    "SELECT COUNT(*) AS count, MIN(payment_deadline) AS firstEnds FROM orders WHERE person_key = ? AND premium = 1 AND status = 'created' AND payment_deadline > ?",
  );
  // The order's latest payment event: the last one started or decided.
  const lastPayment = db
    .prepare('SELECT status FROM payments WHERE order_id = ? ORDER BY COALESCE(decided_at, created_at) DESC, created_at DESC LIMIT 1')
    .pluck();
  const expire = db.prepare("UPDATE orders SET status = 'expired' WHERE id = ? AND status = 'created' AND payment_deadline <= ?");

  function storedTariff(input: OrderInput): StoredTariff {
    if (input.tariff.type === 'ready') {
      const tariff = tariffs.find(input.tariff.id, 'en');
      if (!tariff) throw badRequest('tariff_not_found', 'tariff.id');
      return {
        type: 'ready',
        id: tariff.id,
        monthlyPrice: tariff.monthlyPrice,
        firstMonthsPrice: tariff.firstMonthsPrice,
        selection: null,
      };
    }
    const { type: _type, ...selection } = input.tariff;
    const quote = quoteTariff(selection as ConstructorSelection);
    if (!quote.ok) throw badRequest('not_a_step', `tariff.${quote.field}`);
    return {
      type: 'constructor',
      id: null,
      monthlyPrice: quote.quote.monthlyPrice,
      firstMonthsPrice: quote.quote.firstMonthsPrice,
      selection: quote.quote.selection,
    };
  }

  function checkDelivery(delivery: Delivery | null): void {
    if (delivery?.method !== 'pickup') return;
    const point = points.find(delivery.pointOfSaleId);
    if (!point || !point.services.split(',').includes('sim')) throw badRequest('point_not_found', 'delivery.pointOfSaleId');
  }

  /**
   * When an order stops holding its number: a premium one (a price, or won at auction) after the
   * short premium window, never later than the auction winner's own window; any other after the
   * payment window.
   */
  function paymentDeadline(reservation: ReservationRow, premium: boolean, now: number): number {
    if (!premium) return now + ctx.paymentWindowMs;
    const window = now + Math.min(ctx.paymentWindowPremiumMs, ctx.paymentWindowMs);
    return reservation.lot_id ? Math.min(window, reservation.expires_at) : window;
  }

  /** The identified person's unpaid premium order, if any, refuses a second one: a few SIM cards cannot corner a small category. */
  function checkPremiumOrders(person: string, now: number): void {
    const pending = premiumAwaitingPayment.get(person, now) as { count: number; firstEnds: number | null };
    if (pending.count >= 1) throw tooManyRequests('premium_order_unpaid', (pending.firstEnds ?? now) - now);
  }

  const createInStore = writeTransaction(
    db,
    (
      reservationClaims: TokenClaims,
      buyer: { phone: string; person: string },
      input: OrderInput,
      lang: Language,
    ): { order: Order; grant: TokenGrant } => {
      const now = ctx.now();
      const { phone, person } = buyer;
      const reservation = reservations.current(reservationClaims);
      if (reservation.status === 'ordered') throw conflict('reservation_has_order');
      // Each unpaid order holds a number for the whole payment window: one phone holds only a few.
      const pending = awaitingPayment.get(phone, now) as { count: number; firstEnds: number | null };
      const limit = ctx.limits.limits.ordersAwaitingPayment;
      if (pending.count >= limit) throw tooManyRequests('too_many_orders', (pending.firstEnds ?? now) - now, { limit });
      const premium = reservation.price > 0 || reservation.lot_id !== null;
      if (premium) checkPremiumOrders(person, now);
      // A booking made without the phone becomes the phone's premium hold here: its limit counts it.
      if (reservation.lot_id === null) {
        reservations.premium.checkPhone(numberById.get(reservation.number_id) as NumberRow, phone, reservation.id, now);
      }
      const tariff = storedTariff(input);
      checkDelivery(input.delivery);
      const sim = SIM_TYPES.find((s) => s.id === input.simType)!;
      const id = crypto.randomUUID();
      const deadline = paymentDeadline(reservation, premium, now);
      if (handOver.run(id, deadline, reservation.number_id, reservation.id, now).changes !== 1) throw conflict('number_unavailable');
      insert.run({
        id,
        reservation_id: reservation.id,
        number_id: reservation.number_id,
        lot_id: reservation.lot_id,
        phone,
        number_price: reservation.price,
        tariff: JSON.stringify(tariff),
        sim_type: sim.id,
        sim_price: sim.price,
        email: input.email,
        delivery: input.delivery ? JSON.stringify(input.delivery) : null,
        total: reservation.price + sim.price + tariff.firstMonthsPrice,
        created_at: now,
        payment_deadline: deadline,
        person_key: person,
        premium: premium ? 1 : 0,
      });
      markOrdered.run(id, reservation.id);
      return { order: view(find(id)!, lang), grant: { kind: 'order', sub: id, expiresAtMs: now + ORDER_TOKEN_LIFETIME_MS } };
    },
  );

  /** The order's token is signed once the order is committed (signing is asynchronous, the transaction is not). */
  async function create(...args: Parameters<typeof createInStore>): Promise<CreateOrderResponse> {
    const { order, grant } = createInStore(...args);
    return { order, accessToken: await ctx.tokens.sign(grant) };
  }

  /** The order with its payment window applied: an unpaid order past its deadline is expired. */
  function find(id: string): OrderRow | undefined {
    const row = orderById.get(id) as OrderRow | undefined;
    if (row && row.status === 'created' && row.payment_deadline <= ctx.now()) {
      expire.run(row.id, ctx.now());
      return { ...row, status: 'expired' };
    }
    return row;
  }

  function view(row: OrderRow, lang: Language): Order {
    const number = numberById.get(row.number_id) as NumberRow;
    const stored = JSON.parse(row.tariff) as StoredTariff;
    const name =
      stored.type === 'ready'
        ? (tariffs.find(stored.id ?? '', lang)?.name ?? String(stored.id))
        : translate(lang, 'order.constructorTariff');
    return {
      id: row.id,
      status: row.status,
      number: number.msisdn,
      formatted: formatUzPhone(number.msisdn),
      numberPrice: row.number_price,
      tariff: { ...stored, name },
      simType: row.sim_type,
      simPrice: row.sim_price,
      email: row.email,
      delivery: row.delivery ? (JSON.parse(row.delivery) as Delivery) : null,
      total: row.total,
      createdAt: iso(row.created_at)!,
      paymentDeadline: iso(row.payment_deadline)!,
      paidAt: iso(row.paid_at),
      activatedAt: iso(row.activated_at),
      esim: row.sim_type === 'esim' && (row.status === 'activated' || row.status === 'paid') ? esimProfiles.find(row.id) : null,
    };
  }

  /** The activated order's eSIM profile, issued in the activating transaction (payment-service.ts). */
  function issueEsimProfile(row: OrderRow, now: number): void {
    if (row.sim_type === 'esim') esimProfiles.issue(row.id, now);
  }

  /** Where the order's payment stands: none started, or the status of its latest one. */
  function paymentOf(row: OrderRow): 'none' | 'pending' | 'declined' | 'approved' | 'refunded' {
    return (lastPayment.get(row.id) as 'pending' | 'declined' | 'approved' | 'refunded' | undefined) ?? 'none';
  }

  return { create, find, view, issueEsimProfile, paymentOf };
}

export type OrderService = ReturnType<typeof createOrderService>;
