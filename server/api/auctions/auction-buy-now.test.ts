import request from 'supertest';
import { API_MESSAGES } from '../messages';
import { openDatabase } from '../store/database';
import { authToken, createTestApi, MINUTE, orderBooked, payAndApprove, registeredAuth, type TestApi } from '../test-support/test-api';
import { auctionCalls } from '../test-support/auction-calls';

/**
 * Issue 61: buy-now ends a lot only when it is paid (rule 1), and a phone that lets a payment
 * window lapse is barred from bidding (rule 7). bid-rules.ts states the rules; docs/api.md too.
 */

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

const DAY = 24 * 60 * MINUTE;
/** lot-004: +998 77 777 77 77, step 1,000,000, buy-now 250,000,000, seeded bids up to 35,000,000. */
const LOT = 'lot-004';
const BUY_NOW = 250_000_000;
/** lot-007: +998 77 999 99 99, start 10,000,000, step 500,000, buy-now 90,000,000, no bids. */
const OTHER_LOT = 'lot-007';

const { as, lotAs, bid, setMax, buyNow, decide } = auctionCalls(() => t.app, LOT);

/** The lot's auction payments as stored: what was taken, whatever the answers said. */
function storedPayments(lotId: string) {
  const db = openDatabase(t.dataDir);
  try {
    return db
      .prepare('SELECT phone, kind, status, amount FROM auction_payments WHERE lot_id = ? ORDER BY created_at, rowid')
      .all(lotId) as {
      phone: string;
      status: string;
      amount: number;
    }[];
  } finally {
    db.close();
  }
}

describe('buy-now is paid before it ends a lot (rule 1)', () => {
  it('keeps the lot open when a throwaway phone chooses buy-now and never pays; the real bidder keeps bidding, and the throwaway is barred', async () => {
    const real = await authToken(t.app, '+998935550001');
    const rival = await authToken(t.app, '+998935550002');
    const throwaway = await authToken(t.app, '+998935550003');
    // The real bidder's maximum of 60 M stands behind a price of 36 M.
    await setMax(real, 60_000_000).expect(200);
    expect((await lotAs(null).expect(200)).body).toMatchObject({ status: 'active', currentBid: 36_000_000 });
    const scheduledEnd = (await lotAs(null).expect(200)).body.endsAt;

    // The throwaway chooses buy-now: a payment of exactly the buy-now price starts, with a 15-minute window.
    const started = (await buyNow(throwaway).expect(201)).body;
    expect(started).toMatchObject({ kind: 'buy_now', amount: BUY_NOW, amountTiyin: BUY_NOW * 100 });
    expect(started.expiresAt).toBe(new Date(t.clock.now() + 15 * MINUTE).toISOString());
    expect(started.paymentUrl).toMatch(/^\/api\/v1\/sandbox\/payments\/[0-9a-f]{32}$/);
    // Asked again, the same payment: never a second one.
    expect((await buyNow(throwaway).expect(201)).body.paymentId).toBe(started.paymentId);
    expect((await lotAs(throwaway).expect(200)).body).toMatchObject({
      status: 'active',
      endsAt: scheduledEnd,
      myBuyNow: { status: 'pending', amount: BUY_NOW, expiresAt: started.expiresAt },
    });
    // The sandbox page says what it pays for.
    expect((await request(t.app).get(`${started.paymentUrl}?lang=en`).expect(200)).text).toContain('Buying the number now at auction');

    // Meanwhile the auction goes on: a rival bids, the real bidder's maximum answers.
    t.clock.advance(5 * MINUTE);
    await bid(rival, 40_000_000).expect(201);
    expect((await lotAs(real).expect(200)).body).toMatchObject({ status: 'active', currentBid: 41_000_000, myPosition: 1 });

    // The window passes unpaid: nothing ended, the lot runs to its own end, the throwaway is barred for 30 days.
    t.clock.advance(11 * MINUTE);
    const lapsedAt = Date.parse(started.expiresAt);
    const until = new Date(lapsedAt + 30 * DAY).toISOString();
    expect((await lotAs(throwaway).expect(200)).body).toMatchObject({
      status: 'active',
      endsAt: scheduledEnd,
      myBuyNow: { status: 'lapsed' },
      myBannedUntil: until,
    });
    const refused = await bid(throwaway, 50_000_000).expect(403);
    expect(refused.body.error).toMatchObject({ code: 'auction_banned', bannedUntil: until });
    expect(refused.body.error.message).toContain('2025');
    expect((await buyNow(throwaway).expect(403)).body.error.code).toBe('auction_banned');
    expect((await buyNow(throwaway, OTHER_LOT).expect(403)).body.error.code).toBe('auction_banned');
    expect((await setMax(throwaway, 70_000_000, OTHER_LOT).expect(403)).body.error.code).toBe('auction_banned');
    // Paying after the window takes nothing: given back, the lot still open, the lapse stands.
    expect((await decide(started.paymentUrl, 'approve')).headers.location).toBe(`/en/numbers?lot=${LOT}&lot=${LOT}&payment=refunded`);
    expect((await lotAs(throwaway).expect(200)).body).toMatchObject({ status: 'active', myBuyNow: { status: 'lapsed' } });
    expect(storedPayments(LOT)).toEqual([{ phone: '+998935550003', kind: 'buy_now', status: 'lapsed', amount: BUY_NOW }]);

    // The real bidder and the rival bid on; the lot ends on its own schedule with the real bidder first to buy.
    await bid(rival, 45_000_000).expect(201);
    t.clock.ms = Date.parse(scheduledEnd);
    // (Signed in again: an auth token lasts 12 hours.)
    const ended = (await lotAs(await authToken(t.app, '+998935550001')).expect(200)).body;
    expect(ended).toMatchObject({ status: 'ended', currentBid: 46_000_000, myPosition: 1 });
    expect(ended.myTurnToBuyUntil).not.toBeNull();
    // Bans end: 30 days after the lapse the phone may take part again.
    t.clock.ms = lapsedAt + 30 * DAY;
    expect((await lotAs(await authToken(t.app, '+998935550003'), OTHER_LOT).expect(200)).body.myBannedUntil).toBeNull();
  });

  it('gives the lot to the first buy-now paid: the other pending one is cancelled, and nothing is ever taken twice', async () => {
    const first = await registeredAuth(t.app, '+998935550001');
    const second = await registeredAuth(t.app, '+998935550002');
    const bidder = await authToken(t.app, '+998935550003');
    await bid(bidder, 40_000_000).expect(201);
    const a = (await buyNow(first).expect(201)).body;
    const b = (await buyNow(second).expect(201)).body;
    expect(a.paymentId).not.toBe(b.paymentId);
    // Both approvals arrive at once: one wins, the other is given back.
    const [aBack, bBack] = await Promise.all([decide(a.paymentUrl, 'approve'), decide(b.paymentUrl, 'approve')]);
    const results = [aBack.headers.location, bBack.headers.location].map((l: string) => new URL(l, 'http://x').searchParams.get('payment'));
    expect(results.sort()).toEqual(['approved', 'refunded']);
    const winner = results[0] === 'approved' ? first : second;
    const loser = winner === first ? second : first;
    const lot = (await lotAs(winner).expect(200)).body;
    expect(lot).toMatchObject({ status: 'sold', soldPrice: BUY_NOW, currentBid: 40_000_000, myBuyNow: { status: 'paid' } });
    expect((await lotAs(loser).expect(200)).body.myBuyNow.status).toBe('cancelled');
    expect(storedPayments(LOT).filter((p) => p.status === 'paid')).toHaveLength(1);
    // Deciding again changes nothing; the lot is closed to everyone else.
    expect((await decide(a.paymentUrl, 'approve')).headers.location).toContain(`payment=${results[0]}`);
    expect((await bid(bidder, 41_000_000).expect(409)).body.error.code).toBe('auction_ended');
    expect((await buyNow(loser).expect(409)).body.error.code).toBe('auction_ended');
    // The buyer is not barred by the other's outcome, nor the one whose payment was cancelled.
    expect((await lotAs(loser, OTHER_LOT).expect(200)).body.myBannedUntil).toBeNull();
    // The number is paid: its buyer books it at no further price to choose a tariff and SIM; nobody else may.
    const buyerAuth = winner;
    const reserved = await request(t.app).post(`/api/v1/auctions/${LOT}/reservation`).set(as(buyerAuth)).expect(201);
    expect(reserved.body.reservation.price).toBe(0);
    await request(t.app).post(`/api/v1/auctions/${LOT}/reservation`).set(as(loser)).expect(409);
    await request(t.app).post(`/api/v1/auctions/${LOT}/reservation`).set(as(bidder)).expect(409);
    const ordered = await orderBooked(t.app, buyerAuth, reserved.body.reservationToken).expect(201);
    expect(ordered.body.order.numberPrice).toBe(0);
    await payAndApprove(t.app, ordered.body.order.id, ordered.body.accessToken);
    expect((await request(t.app).get('/api/v1/numbers/%2B998777777777').expect(200)).body.status).toBe('sold');
  });

  it('gives back a buy-now paid after the lot ended, and refuses one on a lot without a buy-now price', async () => {
    const buyer = await authToken(t.app, '+998935550001');
    const started = (await buyNow(buyer, OTHER_LOT).expect(201)).body;
    const lot = (await lotAs(null, OTHER_LOT).expect(200)).body;
    for (const lang of ['en', 'ru', 'uz'] as const) {
      const res = await buyNow(buyer, 'lot-005').set('Accept-Language', lang).expect(409);
      expect(res.body.error).toMatchObject({ code: 'buy_now_unavailable', message: API_MESSAGES[lang].errors.buyNowUnavailable });
    }
    // Within its window, but the lot ended first: given back, nothing sold.
    t.clock.ms = Date.parse(lot.endsAt) - 5 * MINUTE;
    const late = (await buyNow(await authToken(t.app, '+998935550002'), OTHER_LOT).expect(201)).body;
    t.clock.ms = Date.parse(lot.endsAt);
    expect((await decide(late.paymentUrl, 'approve')).headers.location).toContain('payment=refunded');
    expect((await decide(started.paymentUrl, 'approve')).headers.location).toContain('payment=refunded');
    expect((await lotAs(null, OTHER_LOT).expect(200)).body).toMatchObject({ status: 'ended', soldPrice: null });
    expect(storedPayments(OTHER_LOT).map((p) => p.status)).toEqual(['lapsed', 'refunded']);
  });

  it('declines leave the lot as it was and bar nobody; a declined phone may choose buy-now again', async () => {
    const buyer = await authToken(t.app, '+998935550001');
    const first = (await buyNow(buyer).expect(201)).body;
    expect((await decide(first.paymentUrl, 'decline')).headers.location).toContain('payment=declined');
    const again = (await buyNow(buyer).expect(201)).body;
    expect(again.paymentId).not.toBe(first.paymentId);
    t.clock.advance(20 * MINUTE);
    // This one lapsed, the declined one did not: the ban counts from the lapse.
    expect((await lotAs(buyer).expect(200)).body.myBannedUntil).toBe(new Date(Date.parse(again.expiresAt) + 30 * DAY).toISOString());
  });
});

describe('a phone that let a payment window lapse is barred (rule 7)', () => {
  it('bars the winner whose turn to buy passed unpaid from every lot, says until when in every language, and not the runner-up', async () => {
    const winner = await authToken(t.app, '+998935550001');
    const runnerUp = await registeredAuth(t.app, '+998935550002');
    const lot = (await lotAs(null, 'lot-006').expect(200)).body;
    await bid(runnerUp, lot.minimumBid, 'lot-006').expect(201);
    await bid(winner, lot.minimumBid + lot.step, 'lot-006').expect(201);
    const end = Date.parse(lot.endsAt);
    // During the winner's turn nobody is barred.
    t.clock.ms = end + 10 * MINUTE;
    await bid(winner, 45_000_000).expect(201);
    // The turn (30 minutes) passes unpaid.
    t.clock.ms = end + 31 * MINUTE;
    const until = end + 30 * MINUTE + 30 * DAY;
    for (const lang of ['en', 'ru', 'uz'] as const) {
      const res = await bid(winner, 60_000_000).set('Accept-Language', lang).expect(403);
      expect(res.body.error).toMatchObject({ code: 'auction_banned', bannedUntil: new Date(until).toISOString() });
      expect(res.body.error.message).not.toContain('{{');
      expect(res.body.error.message).not.toBe(API_MESSAGES.en.errors.auctionBanned);
    }
    const en = (await bid(winner, 60_000_000).set('Accept-Language', 'en').expect(403)).body.error.message;
    // 07:30 UTC on the lot's end day + 30 days, in Tashkent (UTC+5).
    expect(en).toContain(new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Tashkent' }).format(until));
    expect((await lotAs(winner).expect(200)).body.myBannedUntil).toBe(new Date(until).toISOString());
    // The runner-up had no turn to let pass: not barred (the lot is offered again at auction, rule 6).
    expect((await lotAs(runnerUp, 'lot-006').expect(200)).body).toMatchObject({ myTurnToBuyUntil: null, myBannedUntil: null });
    await bid(runnerUp, 50_000_000).expect(201);
  });

  it('bars no one while AUCTION_DEFAULT_BAN_DAYS is 0', async () => {
    t.close();
    t = createTestApi({ auctionBanDays: 0 });
    const buyer = await authToken(t.app, '+998935550001');
    await buyNow(buyer).expect(201);
    t.clock.advance(16 * MINUTE);
    expect((await lotAs(buyer).expect(200)).body.rules).toMatchObject({ banSeconds: 0, buyNowWindowSeconds: 900 });
    await bid(buyer, 40_000_000).expect(201);
    expect((await buyNow(buyer).expect(201)).body.kind).toBe('buy_now');
  });
});
