import request from 'supertest';
import { API_MESSAGES } from '../messages';
import { openDatabase } from '../store/database';
import { authToken, createTestApi, MINUTE, orderBooked, registeredAuth, type TestApi } from '../test-support/test-api';
import { auctionCalls } from '../test-support/auction-calls';

/**
 * The four ways an outsider got past the auction's payment rules, and the runner-up griefed by
 * the ban, each played by the bidders who tried it (bid-rules.ts rules 6, 7 and 9; docs/api.md).
 */

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

const DAY = 24 * 60 * MINUTE;
/** lot-004: +998 77 777 77 77, step 1,000,000, buy-now 250,000,000, seeded bids up to 35,000,000. */
const BUY_NOW_LOT = 'lot-004';
/** lot-006: +998 77 111 11 11 (platinum), start 10,000,000, step 500,000, no buy-now, one seeded bid of 10,000,000. */
const LOT = 'lot-006';
const LANGS = ['en', 'ru', 'uz'] as const;

const { as, lotAs, bid, setMax, buyNow, decide } = auctionCalls(() => t.app, LOT, BUY_NOW_LOT);

function storedStatuses(lotId: string, kind = 'buy_now') {
  const db = openDatabase(t.dataDir);
  try {
    return db
      .prepare('SELECT phone, status FROM auction_payments WHERE lot_id = ? AND kind = ? ORDER BY created_at, rowid')
      .all(lotId, kind) as { phone: string; status: string }[];
  } finally {
    db.close();
  }
}

/** A buy-now of lot-004 started by the phone and left unpaid past its window: the phone is barred from then on. */
async function lapsedBuyNow(token: string) {
  const started = (await buyNow(token).expect(201)).body;
  t.clock.advance(16 * MINUTE);
  const refused = (await bid(token, 11_000_000).expect(403)).body.error;
  expect(refused.code).toBe('auction_banned');
  return { started, bannedUntil: refused.bannedUntil as string };
}

describe('a lapsed buy-now stays lapsed (rule 7)', () => {
  it('keeps the ban of a phone that declines its buy-now after the window', async () => {
    const throwaway = await authToken(t.app, '+998935550001');
    const rival = await authToken(t.app, '+998935550002');
    const { started, bannedUntil } = await lapsedBuyNow(throwaway);
    // Declined after the window: nothing is taken, and nothing is undone either.
    expect((await decide(started.paymentUrl, 'decline')).headers.location).toContain('payment=declined');
    expect((await bid(throwaway, 11_000_000).expect(403)).body.error.code).toBe('auction_banned');
    expect((await buyNow(throwaway).expect(403)).body.error.code).toBe('auction_banned');
    expect((await lotAs(throwaway, BUY_NOW_LOT).expect(200)).body).toMatchObject({
      myBuyNow: { status: 'lapsed' },
      myBannedUntil: bannedUntil,
    });
    expect(storedStatuses(BUY_NOW_LOT)).toEqual([{ phone: '+998935550001', status: 'lapsed' }]);
    // Approved after that, still given back, still lapsed.
    expect((await decide(started.paymentUrl, 'approve')).headers.location).toContain('payment=refunded');
    expect((await lotAs(throwaway, BUY_NOW_LOT).expect(200)).body.myBannedUntil).toBe(bannedUntil);
    // A decline within the window still bars nobody.
    const own = (await buyNow(rival).expect(201)).body;
    expect((await decide(own.paymentUrl, 'decline')).headers.location).toContain('payment=declined');
    t.clock.advance(16 * MINUTE);
    await bid(rival, 11_000_000).expect(201);
  });

  it('keeps the ban when an accomplice buys the same lot now: only buy-nows still within their window are cancelled', async () => {
    const throwaway = await authToken(t.app, '+998935550001');
    const accomplice = await authToken(t.app, '+998935550002');
    const other = await authToken(t.app, '+998935550003');
    const { bannedUntil } = await lapsedBuyNow(throwaway);
    const pending = (await buyNow(other).expect(201)).body;
    const bought = (await buyNow(accomplice).expect(201)).body;
    expect((await decide(bought.paymentUrl, 'approve')).headers.location).toContain('payment=approved');
    expect((await lotAs(null, BUY_NOW_LOT).expect(200)).body.status).toBe('sold');
    expect((await bid(throwaway, 11_000_000).expect(403)).body.error.code).toBe('auction_banned');
    expect((await lotAs(throwaway).expect(200)).body.myBannedUntil).toBe(bannedUntil);
    expect(storedStatuses(BUY_NOW_LOT)).toEqual([
      { phone: '+998935550001', status: 'lapsed' },
      { phone: '+998935550003', status: 'cancelled' },
      { phone: '+998935550002', status: 'paid' },
    ]);
    // The one cancelled within its window is not barred, and its late answer changes nothing.
    expect((await decide(pending.paymentUrl, 'decline')).headers.location).toContain('payment=refunded');
    expect((await lotAs(other).expect(200)).body.myBannedUntil).toBeNull();
    await bid(other, 11_000_000).expect(201);
  });
});

describe('a barred phone’s maximum bids nothing while the ban lasts (rule 7)', () => {
  it('leaves the maximum of a phone barred since it was set silent: the rivals bid as if it were not there, its bids stand', async () => {
    const maxHolder = await authToken(t.app, '+998935550001');
    const rival = await authToken(t.app, '+998935550002');
    const second = await authToken(t.app, '+998935550003');
    expect((await setMax(maxHolder, 20_000_000).expect(200)).body).toMatchObject({ currentBid: 10_500_000, myPosition: 1 });
    await lapsedBuyNow(maxHolder);
    // The rival's plain bid stands: no automatic answer for the barred phone.
    expect((await bid(rival, 11_000_000).expect(201)).body.lot).toMatchObject({ currentBid: 11_000_000, myPosition: 1 });
    // A second rival's maximum bids against the rival only, not up to the barred 20 M.
    expect((await setMax(second, 12_000_000).expect(200)).body).toMatchObject({ currentBid: 11_500_000, myPosition: 1 });
    const lot = (await lotAs(maxHolder).expect(200)).body;
    expect(lot).toMatchObject({ myMaxBid: 20_000_000, myBid: 10_500_000, myPosition: 3 });
    expect(lot.bids.map((b: { amount: number; mine: boolean }) => [b.amount, b.mine])).toEqual([
      [11_500_000, false],
      [11_000_000, false],
      [10_500_000, true],
      [10_000_000, false],
    ]);
  });
});

describe('only the winner has a turn, and only the winner is barred for letting it pass (rules 6 and 7)', () => {
  it('bars the winner who did not pay, not the runner-up, who had no turn to let pass', async () => {
    const winner = await authToken(t.app, '+998935550001');
    const runnerUp = await authToken(t.app, '+998935550002');
    const lot = (await lotAs(null).expect(200)).body;
    await bid(runnerUp, lot.minimumBid).expect(201);
    await bid(winner, lot.minimumBid + lot.step).expect(201);
    const end = Date.parse(lot.endsAt);
    // The winner's turn passes unpaid.
    t.clock.ms = end + 61 * MINUTE;
    const winnerNow = await authToken(t.app, '+998935550001');
    const runnerUpNow = await authToken(t.app, '+998935550002');
    expect((await lotAs(winnerNow).expect(200)).body.myBannedUntil).toBe(new Date(end + 30 * MINUTE + 30 * DAY).toISOString());
    expect((await lotAs(runnerUpNow).expect(200)).body.myBannedUntil).toBeNull();
    // The runner-up bids and buys now on other lots; the winner may not.
    await bid(runnerUpNow, 40_000_000, BUY_NOW_LOT).expect(201);
    await buyNow(runnerUpNow).expect(201);
    expect((await bid(winnerNow, 41_000_000, BUY_NOW_LOT).expect(403)).body.error.code).toBe('auction_banned');
  });
});

describe('a plain bid goes at most AUCTION_PLAIN_BID_MAX_STEPS above the minimum (rule 9)', () => {
  it('refuses the shield’s jump to the buy-now price; its maximum lapses and the lot is offered again, never to the accomplice at the start price', async () => {
    t.close();
    t = createTestApi({ auctionDepositPercent: 10 });
    /** lot-007: +998 77 999 99 99, start 10,000,000, step 500,000, buy-now 90,000,000, no bids. */
    const SHIELDED = 'lot-007';
    const accomplice = await authToken(t.app, '+998935550001');
    const shield = await authToken(t.app, '+998935550002');
    const honest = await authToken(t.app, '+998935550003');
    const lot = (await lotAs(null, SHIELDED).expect(200)).body;
    expect(lot.depositAmount).toBe(1_000_000);
    for (const token of [accomplice, shield, honest]) {
      const started = (
        await request(t.app).post(`/api/v1/auctions/${SHIELDED}/deposit`).set(as(token)).send({ provider: 'card' }).expect(201)
      ).body;
      await decide(started.paymentUrl, 'approve');
    }
    await bid(accomplice, 10_000_000, SHIELDED).expect(201);
    // A plain bid just below the buy-now price is refused in every language, saying how far a bid may go.
    for (const lang of LANGS) {
      const res = await bid(shield, 89_999_999, SHIELDED).set('Accept-Language', lang).expect(409);
      const message = API_MESSAGES[lang].errors.bidTooFarAbove.replace('{{steps}}', '10').replace('{{maximum}}', '15500000');
      expect(res.body.error).toMatchObject({ code: 'bid_too_far_above', field: 'amount', maximumAmount: 15_500_000, message });
    }
    expect(lot.rules.plainBidMaxSteps).toBe(10);
    // More than ten steps above the minimum is a maximum's: it bids only as far as rivals push.
    expect((await setMax(shield, 89_999_999, SHIELDED).expect(200)).body).toMatchObject({ currentBid: 10_500_000, minimumBid: 11_000_000 });
    // The honest bidder is not shut out: their maximum pushes the shield's price to where it really stands.
    expect((await setMax(honest, 60_000_000, SHIELDED).expect(200)).body).toMatchObject({ currentBid: 60_500_000, myBid: 60_000_000 });
    // The shield lets its turn lapse: deposit kept, barred; nobody else gets a turn at their own bid.
    const end = Date.parse(lot.endsAt);
    t.clock.ms = end + 31 * MINUTE;
    const shieldNow = await authToken(t.app, '+998935550002');
    const honestNow = await authToken(t.app, '+998935550003');
    const accompliceNow = await authToken(t.app, '+998935550001');
    expect((await lotAs(shieldNow, SHIELDED).expect(200)).body).toMatchObject({ myDeposit: { status: 'kept' }, myPosition: 1 });
    expect((await lotAs(shieldNow, SHIELDED).expect(200)).body.myBannedUntil).not.toBeNull();
    for (const token of [honestNow, accompliceNow]) {
      expect((await lotAs(token, SHIELDED).expect(200)).body).toMatchObject({ myTurnToBuyUntil: null, myDeposit: { status: 'returned' } });
      await request(t.app).post(`/api/v1/auctions/${SHIELDED}/reservation`).set(as(token)).expect(403);
    }
    // The lot is offered again at auction: the accomplice must outbid the honest bidder there.
    await t.api.matchWatches();
    const again = (await lotAs(null, `${SHIELDED}-r2`).expect(200)).body;
    expect(again).toMatchObject({ status: 'active', startPrice: 10_000_000, bidCount: 0 });
    expect((await bid(shieldNow, 10_000_000, again.id).expect(403)).body.error.code).toMatch(/auction_banned|auction_turn_lapsed/);
  });

  it('gains the accomplice nothing from a walk up in small plain bids by throwaways who let the turn pass', async () => {
    /** lot-007: start 10,000,000, step 500,000, buy-now 90,000,000, no bids. */
    const WALKED = 'lot-007';
    const accomplice = await authToken(t.app, '+998935550011');
    const walkers = [await authToken(t.app, '+998935550012'), await authToken(t.app, '+998935550013')];
    await bid(accomplice, 10_000_000, WALKED).expect(201);
    // Two throwaways take turns bidding the most a plain bid may: the price walks out of honest reach.
    let lot = (await lotAs(null, WALKED).expect(200)).body;
    for (let i = 0; lot.minimumBid < lot.buyNowPrice; i += 1) {
      const amount = Math.min(lot.minimumBid + 10 * lot.step, lot.buyNowPrice - 1);
      await bid(walkers[i % 2], amount, WALKED).expect(201);
      lot = (await lotAs(null, WALKED).expect(200)).body;
      if (amount === lot.buyNowPrice - 1) break;
      t.clock.advance(MINUTE);
    }
    expect(lot.currentBid).toBe(89_999_999);
    // Every throwaway lets the lot go: nobody gets it at their own bid, the accomplice least of all.
    // Where, passed down bidder by bidder, the accomplice's turn at 10 M would have come.
    t.clock.ms = Date.parse(lot.endsAt) + 70 * MINUTE;
    const accompliceNow = await authToken(t.app, '+998935550011');
    expect((await lotAs(accompliceNow, WALKED).expect(200)).body.myTurnToBuyUntil).toBeNull();
    expect((await request(t.app).post(`/api/v1/auctions/${WALKED}/reservation`).set(as(accompliceNow)).expect(403)).body.error.code).toBe(
      'not_auction_winner',
    );
    // Offered again at auction, from the start price, open to every bidder as before.
    await t.api.matchWatches();
    const again = (await lotAs(null, `${WALKED}-r2`).expect(200)).body;
    expect(again).toMatchObject({ status: 'active', startPrice: 10_000_000, buyNowPrice: 90_000_000, bidCount: 0 });
  });

  it('caps plain bids on a lot without a buy-now price too, by AUCTION_PLAIN_BID_MAX_STEPS', async () => {
    const first = await authToken(t.app, '+998935550001');
    const second = await authToken(t.app, '+998935550002');
    // Minimum 10,500,000, step 500,000: ten steps above is 15,500,000.
    expect((await bid(first, 15_500_001).expect(409)).body.error).toMatchObject({ code: 'bid_too_far_above', maximumAmount: 15_500_000 });
    await bid(first, 15_500_000).expect(201);
    expect((await bid(second, 999_999_999).expect(409)).body.error.maximumAmount).toBe(21_000_000);
    t.close();
    t = createTestApi({ auctionPlainBidMaxSteps: 2 });
    const third = await authToken(t.app, '+998935550003');
    expect((await lotAs(null).expect(200)).body.rules.plainBidMaxSteps).toBe(2);
    expect((await bid(third, 12_000_000).expect(409)).body.error.maximumAmount).toBe(11_500_000);
    await bid(third, 11_500_000).expect(201);
  });

  it("refunds a winner's payment approved after the turn to buy: the lot stays unsold to them and the ban stands", async () => {
    const winner = await registeredAuth(t.app, '+998935550101');
    const runnerUp = await authToken(t.app, '+998935550102');
    const lot = (await lotAs(null).expect(200)).body;
    await bid(runnerUp, lot.minimumBid).expect(201);
    await bid(winner, lot.minimumBid + lot.step).expect(201);
    t.clock.ms = Date.parse(lot.endsAt) + MINUTE;
    const winnerNow = await registeredAuth(t.app, '+998935550101');
    const reserved = await request(t.app).post(`/api/v1/auctions/${LOT}/reservation`).set(as(winnerNow)).expect(201);
    const ordered = await orderBooked(t.app, winnerNow, reserved.body.reservationToken).expect(201);
    const started = await request(t.app)
      .post(`/api/v1/orders/${ordered.body.order.id}/payments`)
      .set('Authorization', `Bearer ${ordered.body.accessToken}`)
      .send({ provider: 'payme' })
      .expect(201);
    // The turn (30 minutes from the end) passes before the bank's answer comes.
    t.clock.ms = Date.parse(lot.endsAt) + 31 * MINUTE;
    expect((await decide(started.body.paymentUrl, 'approve')).headers.location).not.toContain('payment=approved');
    const after = (await lotAs(await authToken(t.app, '+998935550101')).expect(200)).body;
    expect(after.status).toBe('ended');
    expect(after.myBannedUntil).not.toBeNull();
    // The lot is offered again at auction, not handed to the late winner.
    await t.api.matchWatches();
    expect((await lotAs(null, `${LOT}-r2`).expect(200)).body).toMatchObject({ status: 'active', bidCount: 0 });
  });
});
