import request from 'supertest';
import { openDatabase } from '../store/database';
import { authToken, createTestApi, MINUTE, type TestApi } from '../test-support/test-api';
import { ENDED_UNSOLD_SQL } from './turns-to-buy';

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

async function activeLot(id = 'lot-006') {
  return (await request(t.app).get(`/api/v1/auctions/${id}`).expect(200)).body;
}

function bid(id: string, token: string, amount: number) {
  return request(t.app).post(`/api/v1/auctions/${id}/bids`).set('Authorization', `Bearer ${token}`).send({ amount });
}

describe('auction', () => {
  it('lists active, upcoming and sold lots with the server clock', async () => {
    const res = await request(t.app).get('/api/v1/auctions').expect(200);
    const statuses = new Set(res.body.items.map((l: { status: string }) => l.status));
    expect(statuses).toEqual(new Set(['active', 'upcoming', 'sold']));
    expect(res.body.items[0].serverTime).toBe(new Date(t.clock.now()).toISOString());
    const sold = res.body.items.find((l: { number: string }) => l.number === '+998770000000');
    expect(sold).toMatchObject({ status: 'sold', soldPrice: 1_070_000_000 });
  });

  it('filters by status and rejects an unknown status naming the field', async () => {
    const res = await request(t.app).get('/api/v1/auctions?status=upcoming').expect(200);
    expect(res.body.items.every((l: { status: string }) => l.status === 'upcoming')).toBe(true);
    expect((await request(t.app).get('/api/v1/auctions?status=soon').expect(400)).body.error.field).toBe('status');
  });

  it('needs an SMS-verified phone to bid', async () => {
    const res = await request(t.app).post('/api/v1/auctions/lot-006/bids').send({ amount: 20_000_000 }).expect(401);
    expect(res.body.error.code).toBe('auth_required');
  });

  it('accepts a bid at the minimum and shows the bidder their position', async () => {
    const token = await authToken(t.app);
    const lot = await activeLot();
    const res = await bid('lot-006', token, lot.minimumBid).expect(201);
    expect(res.body.lot).toMatchObject({
      currentBid: lot.minimumBid,
      minimumBid: lot.minimumBid + lot.step,
      myBid: lot.minimumBid,
      myPosition: 1,
    });
    expect(res.body.bid).toMatchObject({ amount: lot.minimumBid, mine: true, bidder: '+998 90 *** ** 67' });
    const other = await authToken(t.app, '+998935550000');
    await bid('lot-006', other, lot.minimumBid + lot.step).expect(201);
    const mine = await request(t.app).get('/api/v1/auctions/lot-006').set('Authorization', `Bearer ${token}`).expect(200);
    expect(mine.body).toMatchObject({ myPosition: 2, myBid: lot.minimumBid });
  });

  it('rejects a bid below the current bid plus the step with 400 on amount', async () => {
    const token = await authToken(t.app);
    const lot = await activeLot();
    const res = await bid('lot-006', token, lot.minimumBid - 1)
      .set('X-Language', 'en')
      .expect(400);
    expect(res.body.error).toMatchObject({ code: 'bid_too_low', field: 'amount', minimumAmount: lot.minimumBid });
    expect(res.body.error.message).toContain(String(lot.minimumBid));
    expect((await bid('lot-006', token, 1.5).expect(400)).body.error.field).toBe('amount');
  });

  it('refuses bids before the start and after the end with 409', async () => {
    const token = await authToken(t.app);
    expect((await bid('lot-010', token, 100_000_000).expect(409)).body.error.code).toBe('auction_not_started');
    expect((await bid('lot-001', token, 2_000_000_000).expect(409)).body.error.code).toBe('auction_ended');
    expect((await bid('lot-404', token, 1).expect(404)).body.error.code).toBe('lot_not_found');
  });

  it('moves the end to AUCTION_EXTEND_MINUTES after a bid in the last minutes', async () => {
    const token = await authToken(t.app);
    const rival = await authToken(t.app, '+998935550000');
    const lot = await activeLot();
    const endsAt = Date.parse(lot.endsAt);
    t.clock.ms = endsAt - 2 * MINUTE;
    const res = await bid('lot-006', token, lot.minimumBid).expect(201);
    expect(res.body.lot.endsAt).toBe(new Date(t.clock.ms + 5 * MINUTE).toISOString());
    t.clock.advance(4 * MINUTE);
    await bid('lot-006', rival, res.body.lot.minimumBid).expect(201);
  });

  it('leaves the end alone for a bid well before it', async () => {
    const token = await authToken(t.app);
    const lot = await activeLot();
    const res = await bid('lot-006', token, lot.minimumBid).expect(201);
    expect(res.body.lot.endsAt).toBe(lot.endsAt);
  });

  it('loses no bid among many concurrent ones, ordered by server time', async () => {
    const tokens = await Promise.all(Array.from({ length: 6 }, (_, i) => authToken(t.app, `+99894000000${i}`)));
    let leader = -1;
    for (let round = 0; round < 10; round++) {
      const lot = await activeLot();
      const before = lot.bidCount;
      const amounts = tokens.map((_, i) => lot.minimumBid + i * lot.step);
      const results = await Promise.all(tokens.map((token, i) => bid('lot-006', token, amounts[(i + round) % amounts.length])));
      const accepted = results.filter((r) => r.status === 201);
      // Each bid is accepted or too low; only the leader of the round before may be refused as
      // leading (unless another bid of this round was taken before theirs).
      const answers = results.map((r, i) => `${i === leader ? 'leader' : 'other'} ${r.status} ${r.body.error?.code ?? ''}`.trim());
      for (const answer of answers) {
        expect(['leader 201', 'leader 400 bid_too_low', 'leader 409 bid_already_leading', 'other 201', 'other 400 bid_too_low']).toContain(
          answer,
        );
      }
      expect(accepted.length).toBeGreaterThanOrEqual(1);
      const after = await activeLot();
      expect(after.bidCount).toBe(before + accepted.length);
      expect(after.currentBid).toBe(Math.max(...accepted.map((r) => r.body.bid.amount)));
      // Newest first: every accepted bid is there, each above the one before it by at least a step.
      const recent = after.bids
        .slice(0, accepted.length)
        .map((b: { amount: number }) => b.amount)
        .reverse();
      expect(recent.sort((a: number, b: number) => a - b)).toEqual(accepted.map((r) => r.body.bid.amount).sort((a, b) => a - b));
      for (let i = 1; i < recent.length; i++) expect(recent[i] - recent[i - 1]).toBeGreaterThanOrEqual(lot.step);
      leader = results.findIndex((r) => r.status === 201 && r.body.bid.amount === after.currentBid);
    }
  });

  it('lets the winner reserve the number at the winning price, then offers it again at auction, not to the next bidder', async () => {
    const winner = await authToken(t.app, '+998901000001');
    const runnerUp = await authToken(t.app, '+998901000002');
    const lot = await activeLot();
    await bid('lot-006', runnerUp, lot.minimumBid).expect(201);
    await bid('lot-006', winner, lot.minimumBid + lot.step).expect(201);
    const reserveLot = (token: string) =>
      request(t.app).post('/api/v1/auctions/lot-006/reservation').set('Authorization', `Bearer ${token}`);
    expect((await reserveLot(winner).expect(409)).body.error.code).toBe('auction_not_ended');
    t.clock.ms = Date.parse(lot.endsAt) + 10 * MINUTE;
    expect((await reserveLot(runnerUp).expect(403)).body.error.code).toBe('not_auction_winner');
    const won = await reserveLot(winner).expect(201);
    expect(won.body.reservation).toMatchObject({ number: lot.number, price: lot.minimumBid + lot.step });
    // The turn to buy a won lot is the premium payment window (PAYMENT_WINDOW_PREMIUM_MINUTES), from the end.
    expect(won.body.reservation.expiresAt).toBe(new Date(Date.parse(lot.endsAt) + 30 * MINUTE).toISOString());
    const view = await request(t.app).get('/api/v1/auctions/lot-006').set('Authorization', `Bearer ${winner}`).expect(200);
    expect(view.body).toMatchObject({ status: 'ended', myTurnToBuyUntil: won.body.reservation.expiresAt });
    t.clock.ms = Date.parse(lot.endsAt) + 30 * MINUTE + MINUTE;
    await reserveLot(winner).expect(403);
    expect((await reserveLot(runnerUp).expect(403)).body.error.code).toBe('not_auction_winner');
    // The regular look offers the number again: a new lot from the turn's end, as long as the first ran.
    await t.api.matchWatches();
    const active = (await request(t.app).get('/api/v1/auctions?status=active').expect(200)).body.items as { id: string; number: string }[];
    const again = active.find((item) => item.number === lot.number)!;
    expect(again.id).toBe('lot-006-r2');
    const relisted = (await request(t.app).get(`/api/v1/auctions/${again.id}`).expect(200)).body;
    expect(relisted).toMatchObject({ startPrice: lot.startPrice, step: lot.step, bidCount: 0, status: 'active' });
    expect(relisted.startsAt).toBe(new Date(Date.parse(lot.endsAt) + 30 * MINUTE).toISOString());
    // The runner-up bids again from the start price; the winner who let the turn pass may not.
    await bid(again.id, await authToken(t.app, '+998901000002'), lot.startPrice).expect(201);
    expect((await bid(again.id, await authToken(t.app, '+998901000001'), lot.startPrice + lot.step).expect(403)).body.error.code).toMatch(
      /auction_banned|auction_turn_lapsed/,
    );
    // Looked at again, the ended lot is not offered twice.
    await t.api.matchWatches();
    const after = (await request(t.app).get('/api/v1/auctions?status=active').expect(200)).body.items as { number: string }[];
    expect(after.filter((item) => item.number === lot.number)).toHaveLength(1);
  });

  it('ends the auction at once when a buy-now is paid', async () => {
    const token = await authToken(t.app);
    const lot = await activeLot('lot-004');
    await bid('lot-004', token, lot.buyNowPrice).expect(409);
    const started = await request(t.app)
      .post('/api/v1/auctions/lot-004/buy-now')
      .set('Authorization', `Bearer ${token}`)
      .send({ provider: 'uzum' })
      .expect(201);
    await request(t.app).post(`${started.body.paymentUrl}/approve`).expect(303);
    const after = (await request(t.app).get('/api/v1/auctions/lot-004').expect(200)).body;
    expect(after).toMatchObject({ status: 'sold', soldPrice: lot.buyNowPrice, endsAt: new Date(t.clock.now()).toISOString() });
  });
});

describe('the look for lots that ended unsold', () => {
  it('walks the lots, never the numbers (it runs every second in every process)', () => {
    const db = openDatabase(t.dataDir);
    try {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${ENDED_UNSOLD_SQL}`).all(t.clock.now()) as Array<{ detail: string }>).map(
        (r) => r.detail,
      );
      expect(plan).toEqual([
        'SCAN l',
        'CORRELATED SCALAR SUBQUERY 1',
        'SEARCH later USING COVERING INDEX auction_lots_number (number_id=? AND starts_at>?)',
        'SEARCH n USING INTEGER PRIMARY KEY (rowid=?)',
      ]);
    } finally {
      db.close();
    }
  });
});
