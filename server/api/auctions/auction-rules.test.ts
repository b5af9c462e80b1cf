import request from 'supertest';
import { API_MESSAGES } from '../messages';
import { authToken, createTestApi, MINUTE, orderBooked, registeredAuth, type TestApi } from '../test-support/test-api';

/**
 * The auction's rules against the ways found to bend them (issue 49): each rule with the
 * bidders that tried it. bid-rules.ts states the rules; docs/api.md ("Auction rules") too.
 */

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

const HOUR = 60 * MINUTE;
/** lot-007: +998 77 999 99 99, start 10,000,000, step 500,000, buy-now 90,000,000, no bids. */
const BUY_NOW_LOT = 'lot-007';
const BUY_NOW = 90_000_000;
/** lot-006: +998 77 111 11 11, step 500,000, no buy-now price, one seeded bid of 10,000,000. */
const LOT = 'lot-006';
const LANGS = ['en', 'ru', 'uz'] as const;

const lotAs = (token: string | null, id = LOT) => {
  const req = request(t.app).get(`/api/v1/auctions/${id}`);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};
const bid = (token: string, amount: number, id = LOT) =>
  request(t.app).post(`/api/v1/auctions/${id}/bids`).set('Authorization', `Bearer ${token}`).send({ amount });
const setMax = (token: string, maxAmount: number, id = LOT) =>
  request(t.app).post(`/api/v1/auctions/${id}/max-bid`).set('Authorization', `Bearer ${token}`).send({ maxAmount });
const removeMax = (token: string, id = LOT) =>
  request(t.app).delete(`/api/v1/auctions/${id}/max-bid`).set('Authorization', `Bearer ${token}`);
const reserveLot = (token: string, id = LOT) =>
  request(t.app).post(`/api/v1/auctions/${id}/reservation`).set('Authorization', `Bearer ${token}`);
const buyNow = (token: string, id = BUY_NOW_LOT) =>
  request(t.app).post(`/api/v1/auctions/${id}/buy-now`).set('Authorization', `Bearer ${token}`).send({ provider: 'payme' });

/** The refusal in every language: its status, its code and the API's own words for it. */
async function refusedInEveryLanguage(
  send: () => request.Test,
  status: number,
  code: string,
  key: keyof (typeof API_MESSAGES)['en']['errors'],
) {
  for (const lang of LANGS) {
    const res = await send().set('Accept-Language', lang).expect(status);
    expect(res.body.error).toMatchObject({ code, message: API_MESSAGES[lang].errors[key] });
  }
}

describe('auction rules', () => {
  it('1. refuses a plain bid at or far above the buy-now price: buying now is a payment of its own, and ends nothing unpaid', async () => {
    const rival = await authToken(t.app, '+998935550001');
    const abuser = await authToken(t.app, '+998935550002');
    await bid(rival, 10_000_000, BUY_NOW_LOT).expect(201);
    for (const amount of [BUY_NOW, 100 * BUY_NOW]) {
      for (const lang of LANGS) {
        const res = await bid(abuser, amount, BUY_NOW_LOT).set('Accept-Language', lang).expect(409);
        const message = API_MESSAGES[lang].errors.bidReachesBuyNow.replace('{{buyNow}}', String(BUY_NOW));
        expect(res.body.error).toMatchObject({ code: 'bid_reaches_buy_now', field: 'amount', message });
      }
    }
    expect((await lotAs(null, BUY_NOW_LOT).expect(200)).body).toMatchObject({ status: 'active', currentBid: 10_000_000, bidCount: 1 });
    // Buy-now is chosen apart (auction-buy-now.test.ts): a payment at exactly the buy-now price.
    expect((await buyNow(abuser).expect(201)).body).toMatchObject({ kind: 'buy_now', amount: BUY_NOW });
    expect((await lotAs(null, BUY_NOW_LOT).expect(200)).body.status).toBe('active');
  });

  it('2. keeps the buy-now price reachable: the minimum bid is never above it, whatever the maximums', async () => {
    const first = await authToken(t.app, '+998935550001');
    const second = await authToken(t.app, '+998935550002');
    const buyer = await authToken(t.app, '+998935550003');
    await setMax(first, BUY_NOW - 1, BUY_NOW_LOT).expect(200);
    const after = (await setMax(second, BUY_NOW - 1, BUY_NOW_LOT).expect(200)).body;
    // The earlier of the equal maximums leads at that amount; the next step would be 90,499,999.
    expect(after).toMatchObject({ currentBid: BUY_NOW - 1, minimumBid: BUY_NOW });
    const low = await bid(buyer, BUY_NOW - 1, BUY_NOW_LOT).expect(400);
    expect(low.body.error).toMatchObject({ code: 'bid_too_low', minimumAmount: BUY_NOW });
    await bid(buyer, BUY_NOW, BUY_NOW_LOT).expect(409);
    expect((await buyNow(buyer).expect(201)).body.amount).toBe(BUY_NOW);
  });

  it('3. lets a maximum a rival has bid against be raised, never lowered or removed', async () => {
    const rival = await authToken(t.app, '+998935550001');
    const abuser = await authToken(t.app, '+998935550002');
    await setMax(rival, 19_500_000).expect(200);
    // A maximum far above the rival's drives theirs into the open: the rival's automatic bid answers it.
    const driven = (await setMax(abuser, 999_999_999_999).expect(200)).body;
    expect(driven).toMatchObject({ currentBid: 20_000_000, myPosition: 1 });
    expect(driven.bids.slice(0, 2)).toMatchObject([
      { amount: 20_000_000, mine: true, automatic: true },
      { amount: 19_500_000, mine: false, automatic: true },
    ]);
    // It stays: not removed, not lowered (not even far above the price), in any language.
    await refusedInEveryLanguage(() => removeMax(abuser), 409, 'max_bid_contested', 'maxBidContested');
    await refusedInEveryLanguage(() => setMax(abuser, 30_000_000), 409, 'max_bid_contested', 'maxBidContested');
    expect((await setMax(abuser, 999_999_999_999).expect(200)).body.myMaxBid).toBe(999_999_999_999);
    // Raising keeps it contested.
    await setMax(abuser, 1_000_000_000_000).expect(200);
    expect((await removeMax(abuser).expect(409)).body.error.code).toBe('max_bid_contested');
    // The rival's beaten maximum can be raised too, and bids again at once.
    expect((await setMax(rival, 25_000_000).expect(200)).body).toMatchObject({ currentBid: 25_500_000, myPosition: 2 });
    // Before anyone has bid against it, a maximum may still be lowered or go: a third bidder's, alone on another lot.
    const alone = await authToken(t.app, '+998935550003');
    const quiet = (await lotAs(null, 'lot-009').expect(200)).body;
    await setMax(alone, quiet.minimumBid + 10 * quiet.step, 'lot-009').expect(200);
    await setMax(alone, quiet.minimumBid + 5 * quiet.step, 'lot-009').expect(200);
    expect((await removeMax(alone, 'lot-009').expect(200)).body.myMaxBid).toBeNull();
  });

  it('4. refuses the leader’s own bid (it would only raise their price), but lets the leader buy now', async () => {
    // In the lot's last minute, where each bid would also move its end.
    t.clock.ms = Date.parse((await lotAs(null, BUY_NOW_LOT).expect(200)).body.endsAt) - MINUTE;
    const leader = await authToken(t.app, '+998935550001');
    const rival = await authToken(t.app, '+998935550002');
    await bid(rival, 10_000_000, BUY_NOW_LOT).expect(201);
    await bid(leader, 10_500_000, BUY_NOW_LOT).expect(201);
    const before = (await lotAs(null, BUY_NOW_LOT).expect(200)).body;
    await refusedInEveryLanguage(() => bid(leader, 11_000_000, BUY_NOW_LOT), 409, 'bid_already_leading', 'bidAlreadyLeading');
    await refusedInEveryLanguage(() => bid(leader, BUY_NOW - 1, BUY_NOW_LOT), 409, 'bid_already_leading', 'bidAlreadyLeading');
    // Neither the price nor the end moved.
    expect((await lotAs(null, BUY_NOW_LOT).expect(200)).body).toMatchObject({ currentBid: 10_500_000, endsAt: before.endsAt });
    // The rival still may; the leader then may again. Buying now is a purchase, not a raise: the leader may choose it.
    await bid(rival, 11_000_000, BUY_NOW_LOT).expect(201);
    await bid(leader, 11_500_000, BUY_NOW_LOT).expect(201);
    expect((await buyNow(leader).expect(201)).body).toMatchObject({ kind: 'buy_now', amount: BUY_NOW });
  });

  it('5. extends a lot by late bids at most AUCTION_EXTEND_MAX_HOURS past its scheduled end, and says so in its rules', async () => {
    t.close();
    t = createTestApi({ auctionExtendMaxHours: 1 });
    const first = await authToken(t.app, '+998935550001');
    const second = await authToken(t.app, '+998935550002');
    const lot = (await lotAs(null).expect(200)).body;
    const scheduled = Date.parse(lot.endsAt);
    const latest = scheduled + HOUR;
    expect(lot.rules).toMatchObject({ lateBidSeconds: 300, extendMaxSeconds: 3600, latestEndAt: new Date(latest).toISOString() });
    // Two bidders take turns every four minutes from a minute before the end: each bid would move it 5 minutes on.
    t.clock.ms = scheduled - MINUTE;
    const ends: number[] = [];
    for (let turn = 0; ; turn += 1) {
      const current = (await lotAs(null).expect(200)).body;
      const res = await bid(turn % 2 ? second : first, current.minimumBid);
      if (res.status !== 201) {
        expect(res.body.error.code).toBe('auction_ended');
        break;
      }
      ends.push(Date.parse(res.body.lot.endsAt));
      t.clock.advance(4 * MINUTE);
    }
    expect(Math.max(...ends)).toBe(latest);
    expect(t.clock.ms).toBeGreaterThanOrEqual(latest);
    expect((await lotAs(null).expect(200)).body).toMatchObject({ status: 'ended', endsAt: new Date(latest).toISOString() });
  });

  it('6. offers the lot again at auction after the premium window, never to the next bidder, and bars the winner who did not pay from the number’s later lots', async () => {
    const winner = await registeredAuth(t.app, '+998935550001');
    const runnerUp = await authToken(t.app, '+998935550002');
    const third = await authToken(t.app, '+998935550003');
    const lot = (await lotAs(null).expect(200)).body;
    expect(lot.rules.paymentWindowSeconds).toBe(30 * 60);
    await bid(third, lot.minimumBid).expect(201);
    await bid(runnerUp, lot.minimumBid + lot.step).expect(201);
    await bid(winner, lot.minimumBid + 2 * lot.step).expect(201);
    const end = Date.parse(lot.endsAt);

    // The winner's turn, its booking and its order end with the premium window (30 min), not PAYMENT_WINDOW_MINUTES (12 h).
    t.clock.ms = end + 10 * MINUTE;
    const won = await reserveLot(winner).expect(201);
    expect(won.body.reservation.expiresAt).toBe(new Date(end + 30 * MINUTE).toISOString());
    const ordered = await orderBooked(t.app, winner, won.body.reservationToken).expect(201);
    expect(ordered.body.order.paymentDeadline).toBe(new Date(end + 30 * MINUTE).toISOString());

    // Unpaid: nobody else's turn; the number is offered again at auction by the regular look.
    t.clock.ms = end + 31 * MINUTE;
    expect((await lotAs(runnerUp).expect(200)).body.myTurnToBuyUntil).toBeNull();
    expect((await reserveLot(runnerUp).expect(403)).body.error.code).toBe('not_auction_winner');
    await reserveLot(winner).expect(403);
    await t.api.matchWatches();
    const relistedId = `${LOT}-r2`;
    const later = (await lotAs(null, relistedId).expect(200)).body;
    expect(later).toMatchObject({ status: 'active', startPrice: lot.startPrice, bidCount: 0, rules: { whenUnpaid: 'relist' } });
    // Its own scheduled end, so its own cap on late bids.
    expect(later.rules.latestEndAt).toBe(new Date(Date.parse(later.endsAt) + 24 * HOUR).toISOString());
    // The winner who let the turn pass is barred (rule 7's ban comes first, and rule 6 on this number).
    expect((await bid(winner, later.minimumBid, relistedId).expect(403)).body.error.code).toMatch(/auction_banned|auction_turn_lapsed/);
    // The others had no turn to let pass: they bid again from the start price.
    await bid(runnerUp, later.minimumBid, relistedId).expect(201);
    await setMax(third, later.minimumBid + 10 * later.step, relistedId).expect(200);
    expect((await lotAs(runnerUp, relistedId).expect(200)).body.bidCount).toBe(2);
  });
});
