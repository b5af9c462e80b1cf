import request from 'supertest';
import { authToken, createTestApi, MINUTE, type TestApi } from '../test-support/test-api';
import { listen, openStream } from '../test-support/event-stream';

/** Maximum bids over HTTP: who sees them, the refusals in three languages, the end and the bid limit. */

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

const LOT = 'lot-006';
const OWNER = '+998901234567';
const RIVAL = '+998935550000';

const lotAs = (token: string | null, id = LOT) => {
  const req = request(t.app).get(`/api/v1/auctions/${id}`);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};
const setMax = (token: string, maxAmount: unknown, id = LOT) =>
  request(t.app).post(`/api/v1/auctions/${id}/max-bid`).set('Authorization', `Bearer ${token}`).send({ maxAmount });
const removeMax = (token: string, id = LOT) =>
  request(t.app).delete(`/api/v1/auctions/${id}/max-bid`).set('Authorization', `Bearer ${token}`);
const bid = (token: string, amount: number, id = LOT) =>
  request(t.app).post(`/api/v1/auctions/${id}/bids`).set('Authorization', `Bearer ${token}`).send({ amount });

describe('maximum bids over HTTP', () => {
  it('bids for the owner at once and again when a rival bids, each bid marked automatic for everyone', async () => {
    const owner = await authToken(t.app, OWNER);
    const rival = await authToken(t.app, RIVAL);
    const lot = (await lotAs(null).expect(200)).body;
    const maximum = lot.minimumBid + 10 * lot.step;
    const set = await setMax(owner, maximum).expect(200);
    expect(set.body).toMatchObject({ myMaxBid: maximum, currentBid: lot.minimumBid, myPosition: 1 });
    expect(set.body.bids[0]).toMatchObject({ amount: lot.minimumBid, mine: true, automatic: true });

    const plain = await bid(rival, lot.minimumBid + lot.step).expect(201);
    // The rival's own answer already shows them outbid by the automatic bid.
    expect(plain.body.bid).toMatchObject({ automatic: false, mine: true });
    expect(plain.body.lot).toMatchObject({ currentBid: lot.minimumBid + 2 * lot.step, myPosition: 2 });
    const seen = (await lotAs(rival).expect(200)).body;
    expect(seen.bids.slice(0, 2)).toMatchObject([
      { amount: lot.minimumBid + 2 * lot.step, automatic: true, mine: false },
      { amount: lot.minimumBid + lot.step, automatic: false, mine: true },
    ]);
    expect((await lotAs(owner).expect(200)).body).toMatchObject({ myPosition: 1, myMaxBid: maximum });
  });

  it('never shows a maximum to anyone but its owner: not in the lot, its list, its streams or the log', async () => {
    const server = await listen(t.app);
    try {
      const owner = await authToken(t.app, OWNER);
      const rival = await authToken(t.app, RIVAL);
      const lot = (await lotAs(null).expect(200)).body;
      const maximum = lot.minimumBid + 7 * lot.step + 7;
      const token = async (auth: string) =>
        (await request(t.app).post(`/api/v1/auctions/${LOT}/stream-token`).set('Authorization', `Bearer ${auth}`).expect(201)).body
          .streamToken as string;
      const streams = [
        await openStream(`${server.origin}/api/v1/auctions/${LOT}/events`),
        await openStream(`${server.origin}/api/v1/auctions/${LOT}/events?token=${encodeURIComponent(await token(owner))}`),
        await openStream(`${server.origin}/api/v1/auctions/${LOT}/events?token=${encodeURIComponent(await token(rival))}`),
        await openStream(`${server.origin}/api/v1/auctions/events`),
      ];
      await Promise.all(streams.map((s) => s.next('snapshot')));
      await setMax(owner, maximum).expect(200);
      await bid(rival, lot.minimumBid + lot.step).expect(201);
      // Both automatic bids and the rival's reached every stream before looking at what they carried.
      for (const s of streams.slice(0, 3)) {
        for (let i = 0; i < 3; i += 1) await s.next('bid');
      }
      for (let i = 0; i < 3; i += 1) await streams[3].next('bid');
      const hidden = [String(maximum), 'myMaxBid'];
      for (const s of streams) for (const text of hidden) expect(s.raw()).not.toContain(text);
      for (const s of streams) s.close();

      const answers = [
        (await lotAs(rival).expect(200)).text,
        (await lotAs(null).expect(200)).text,
        (await request(t.app).get('/api/v1/auctions').set('Authorization', `Bearer ${rival}`).expect(200)).text,
        (await bid(rival, lot.minimumBid + 3 * lot.step).expect(201)).text,
      ];
      for (const text of answers) expect(text).not.toContain(String(maximum));
      // The owner does see it, in their own answers.
      expect((await lotAs(owner).expect(200)).body.myMaxBid).toBe(maximum);
      expect(t.logs.join('\n')).not.toContain(String(maximum));
    } finally {
      await server.close();
    }
  });

  it.each([
    ['en', 'The maximum is too low', 'UZS'],
    ['ru', 'Максимум слишком мал', 'сум'],
    ['uz', 'Maksimum juda kichik', 'soʻm'],
  ])('refuses a maximum below the minimum bid with 400 on maxAmount, in %s', async (lang, words, currency) => {
    const owner = await authToken(t.app);
    const lot = (await lotAs(null).expect(200)).body;
    const res = await setMax(owner, lot.minimumBid - 1)
      .set('Accept-Language', lang)
      .expect(400);
    expect(res.body.error).toMatchObject({ code: 'max_bid_too_low', field: 'maxAmount', minimumAmount: lot.minimumBid });
    expect(res.body.error.message).toContain(words);
    expect(res.body.error.message).toContain(currency);
  });

  it.each([
    ['en', 'has an invalid value'],
    ['ru', 'недопустимое значение'],
    ['uz', 'notoʻgʻri qiymat'],
  ])('refuses a maximum that is not a whole sum, above 10^12 or missing with 400 naming maxAmount, in %s', async (lang, words) => {
    const owner = await authToken(t.app);
    for (const maxAmount of [20_000_000.5, 1_000_000_000_001, '20000000', -5]) {
      const res = await setMax(owner, maxAmount).set('Accept-Language', lang).expect(400);
      expect(res.body.error).toMatchObject({ field: 'maxAmount' });
      expect(res.body.error.message.toLowerCase()).toContain(words.toLowerCase());
    }
    const missing = await request(t.app)
      .post(`/api/v1/auctions/${LOT}/max-bid`)
      .set('Authorization', `Bearer ${owner}`)
      .send({})
      .expect(400);
    expect(missing.body.error.field).toBe('maxAmount');
  });

  it('gives a maximum the same refusals as a bid: no phone, no lot, not started, ended', async () => {
    expect((await request(t.app).post(`/api/v1/auctions/${LOT}/max-bid`).send({ maxAmount: 1 }).expect(401)).body.error.code).toBe(
      'auth_required',
    );
    const owner = await authToken(t.app);
    expect((await setMax(owner, 100_000_000, 'lot-010').expect(409)).body.error.code).toBe('auction_not_started');
    expect((await setMax(owner, 2_000_000_000, 'lot-001').expect(409)).body.error.code).toBe('auction_ended');
    expect((await setMax(owner, 1, 'lot-404').expect(404)).body.error.code).toBe('lot_not_found');
    expect((await removeMax(owner, 'lot-001').expect(409)).body.error.code).toBe('auction_ended');
  });

  it('keeps a maximum below the buy-now price', async () => {
    const owner = await authToken(t.app);
    const lots = (await request(t.app).get('/api/v1/auctions?status=active').expect(200)).body.items as Array<{
      id: string;
      buyNowPrice: number | null;
    }>;
    const withBuyNow = lots.find((l) => l.buyNowPrice !== null)!;
    const res = await setMax(owner, withBuyNow.buyNowPrice, withBuyNow.id).expect(400);
    expect(res.body.error).toMatchObject({ code: 'max_bid_reaches_buy_now', field: 'maxAmount' });
  });

  it('lets the owner lower (above the price) or remove a maximum nobody has bid against, and raise it at any time', async () => {
    const owner = await authToken(t.app, OWNER);
    const rival = await authToken(t.app, RIVAL);
    const lot = (await lotAs(null).expect(200)).body;
    // The seeded bid came before the maximum: it does not contest it.
    await setMax(owner, lot.minimumBid + 5 * lot.step).expect(200);
    const price = lot.minimumBid;
    expect((await lotAs(null).expect(200)).body.currentBid).toBe(price);
    // Lowering to the price or below is refused; above it is taken.
    const low = await setMax(owner, price).set('Accept-Language', 'en').expect(409);
    expect(low.body.error).toMatchObject({ code: 'max_bid_below_price', field: 'maxAmount' });
    expect((await setMax(owner, price + 1).expect(200)).body.myMaxBid).toBe(price + 1);
    expect((await setMax(owner, price + 50 * lot.step).expect(200)).body.myMaxBid).toBe(price + 50 * lot.step);
    // Removed while above the price: the bids it placed stay, and nothing bids for the owner any more.
    expect((await removeMax(owner).expect(200)).body).toMatchObject({ myMaxBid: null, currentBid: price, myPosition: 1 });
    expect((await removeMax(owner).expect(404)).body.error.code).toBe('max_bid_not_found');
    await bid(rival, price + lot.step).expect(201);
    expect((await lotAs(owner).expect(200)).body).toMatchObject({ currentBid: price + lot.step, myPosition: 2 });
    // A maximum the price has reached cannot be removed.
    await setMax(owner, price + 3 * lot.step).expect(200);
    await bid(rival, price + 4 * lot.step).expect(201);
    expect((await removeMax(owner).expect(409)).body.error.code).toBe('max_bid_spent');
  });

  it('moves the end by the late-bid rule when an automatic bid comes in the last minutes', async () => {
    const owner = await authToken(t.app, OWNER);
    const rival = await authToken(t.app, RIVAL);
    const lot = (await lotAs(null).expect(200)).body;
    await bid(rival, lot.minimumBid).expect(201);
    t.clock.ms = Date.parse((await lotAs(null).expect(200)).body.endsAt) - MINUTE;
    // The owner's request sets a maximum; the bid it places is the automatic one.
    const set = await setMax(owner, lot.minimumBid + 5 * lot.step).expect(200);
    expect(set.body.bids[0]).toMatchObject({ automatic: true, mine: true });
    expect(Date.parse(set.body.endsAt)).toBe(t.clock.ms + 5 * MINUTE);
    expect(set.body.rules).toEqual({
      lateBidSeconds: 300,
      extendMaxSeconds: 24 * 3600,
      latestEndAt: new Date(Date.parse(lot.endsAt) + 24 * 60 * MINUTE).toISOString(),
      paymentWindowSeconds: 30 * 60,
      whenUnpaid: 'relist',
      buyNowWindowSeconds: 15 * 60,
      banSeconds: 30 * 24 * 3600,
      depositPercent: 0,
      plainBidMaxSteps: 10,
      confirmAbove: 10_000_000,
    });
  });

  it("counts the bidder's own requests against the bid limit, not the automatic bids made for them", async () => {
    t.close();
    t = createTestApi({ limits: { bidsPerMinute: 3 } });
    const owner = await authToken(t.app, OWNER);
    const lot = (await lotAs(null).expect(200)).body;
    await setMax(owner, lot.minimumBid + 100 * lot.step).expect(200);
    // Rivals of their own (each with their own limit) call for six automatic bids for the owner.
    for (let i = 0; i < 6; i += 1) {
      const rival = await authToken(t.app, `+99893555000${i}`);
      const current = (await lotAs(null).expect(200)).body;
      await bid(rival, current.minimumBid).expect(201);
    }
    const automatic = (await lotAs(owner).expect(200)).body.bids.filter(
      (b: { mine: boolean; automatic: boolean }) => b.mine && b.automatic,
    );
    expect(automatic.length).toBe(7);
    // The owner has made one request: two more are counted (the leader's own bid too, refused as it is), the fourth is refused.
    const current = (await lotAs(null).expect(200)).body;
    await setMax(owner, lot.minimumBid + 101 * lot.step).expect(200);
    expect((await bid(owner, current.minimumBid).expect(409)).body.error.code).toBe('bid_already_leading');
    expect((await setMax(owner, lot.minimumBid + 102 * lot.step).expect(429)).body.error.code).toBe('too_many_bids');
  });
});
