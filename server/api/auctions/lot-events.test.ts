import request from 'supertest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listen, openStream } from '../test-support/event-stream';
import { authToken, createTestApi, MINUTE, type TestApi } from '../test-support/test-api';
import { data, lotStreams } from './lot-events-support';

let t: TestApi;
let server: Awaited<ReturnType<typeof listen>>;
beforeEach(async () => {
  t = createTestApi();
  server = await listen(t.app);
});
afterEach(async () => {
  await server.close();
  t.close();
});

const streamOf = lotStreams(() => server.origin);

function bid(lot: string, token: string, amount: number) {
  return request(t.app).post(`/api/v1/auctions/${lot}/bids`).set('Authorization', `Bearer ${token}`).send({ amount }).expect(201);
}

describe('the live stream of a lot', () => {
  it('sends a snapshot, then a bid with its id, an extension when a late bid moves the end, and the end, then closes', async () => {
    const stream = await streamOf('lot-006');
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    const snapshot = await stream.next();
    expect(snapshot.event).toBe('snapshot');
    const lot = data(snapshot);
    expect(lot).toMatchObject({ id: 'lot-006', status: 'active', myPosition: null });
    expect(Number(snapshot.id)).toBeGreaterThan(0);

    const token = await authToken(t.app);
    t.clock.ms = Date.parse(lot.endsAt) - 2 * MINUTE;
    const placed = await bid('lot-006', token, lot.minimumBid);
    const next = await stream.next();
    expect(next.event).toBe('bid');
    expect(Number(next.id)).toBeGreaterThan(Number(snapshot.id));
    expect(data(next)).toMatchObject({
      lotId: 'lot-006',
      bid: { amount: lot.minimumBid, mine: false },
      lot: { currentBid: lot.minimumBid, minimumBid: lot.minimumBid + lot.step, myPosition: null },
    });
    const extended = await stream.next();
    expect(extended).toMatchObject({ event: 'extended', id: next.id });
    expect(data(extended).endsAt).toBe(placed.body.lot.endsAt);
    expect(Date.parse(data(extended).endsAt)).toBe(t.clock.ms + 5 * MINUTE);

    t.clock.ms = Date.parse(placed.body.lot.endsAt);
    const ended = await stream.next();
    expect(ended).toMatchObject({ event: 'ended', id: next.id });
    expect(data(ended).lot).toMatchObject({ status: 'ended', currentBid: lot.minimumBid });
    await stream.ended;
  });

  it('ends the stream when a buy-now is paid, not when it is chosen', async () => {
    const stream = await streamOf('lot-004');
    const lot = data(await stream.next('snapshot'));
    const started = await request(t.app)
      .post('/api/v1/auctions/lot-004/buy-now')
      .set('Authorization', `Bearer ${await authToken(t.app)}`)
      .send({ provider: 'click' })
      .expect(201);
    await request(t.app).post(`${started.body.paymentUrl}/approve`).expect(303);
    const sold = await stream.next();
    expect(sold.event).toBe('sold');
    expect(data(sold).lot).toMatchObject({ status: 'sold', soldPrice: lot.buyNowPrice, currentBid: lot.currentBid });
    await stream.ended;
  });

  it('tells a sold lot at once and closes', async () => {
    const stream = await streamOf('lot-001');
    expect((await stream.next()).event).toBe('snapshot');
    expect(data(await stream.next())).toMatchObject({ lot: { status: 'sold', soldPrice: 1_070_000_000 } });
    await stream.ended;
    expect(stream.events.map((e) => e.event)).toEqual(['snapshot', 'sold']);
  });

  it('resumes from Last-Event-ID with exactly the bids missed, then live ones, without a repeat', async () => {
    const first = await streamOf('lot-006');
    const snapshot = await first.next('snapshot');
    const lot = data(snapshot);
    first.close();
    const token = await authToken(t.app);
    const a = await bid('lot-006', token, lot.minimumBid);
    await bid('lot-005', token, 60_000_000); // another lot's bid is not this stream's
    const b = await bid('lot-006', await authToken(t.app, '+998935550000'), a.body.lot.minimumBid); // a rival: the leader does not outbid themselves

    const resumed = await streamOf('lot-006', { 'Last-Event-ID': snapshot.id! });
    const replayed = [await resumed.next(), await resumed.next()];
    expect(replayed.map((e) => [e.event, data(e).bid.amount])).toEqual([
      ['bid', lot.minimumBid],
      ['bid', a.body.lot.minimumBid],
    ]);
    expect(Number(replayed[1].id)).toBeGreaterThan(Number(replayed[0].id));
    await bid('lot-006', token, b.body.lot.minimumBid);
    const live = await resumed.next();
    expect(data(live).bid.amount).toBe(b.body.lot.minimumBid);
    expect(resumed.events.map((e) => e.event)).toEqual(['bid', 'bid', 'bid']);
    resumed.close();

    const fromMiddle = await streamOf('lot-006', { 'Last-Event-ID': replayed[0].id! });
    expect([await fromMiddle.next(), await fromMiddle.next()].map((e) => e.id)).toEqual([replayed[1].id, live.id]);
    fromMiddle.close();
  });

  it('never carries another bidder’s phone; the owner sees their own position only through their own stream token', async () => {
    const mine = await authToken(t.app, '+998901234567');
    const theirs = await authToken(t.app, '+998935550000');
    const issued = await request(t.app).post('/api/v1/auctions/lot-006/stream-token').set('Authorization', `Bearer ${mine}`).expect(201);
    expect(issued.body.streamToken).toEqual(expect.any(String));
    const owner = await streamOf('lot-006', {}, `?token=${issued.body.streamToken}`);
    const anonymous = await streamOf('lot-006');
    const lot = data(await owner.next('snapshot'));
    await anonymous.next('snapshot');

    await bid('lot-006', mine, lot.minimumBid);
    expect(data(await owner.next('bid'))).toMatchObject({ bid: { mine: true }, lot: { myPosition: 1, myBid: lot.minimumBid } });
    await bid('lot-006', theirs, lot.minimumBid + lot.step);
    expect(data(await owner.next('bid'))).toMatchObject({ bid: { mine: false }, lot: { myPosition: 2 } });
    await anonymous.next('bid');
    expect(data(await anonymous.next('bid'))).toMatchObject({ bid: { mine: false }, lot: { myPosition: null, myBid: null } });

    for (const text of [owner.raw(), anonymous.raw()]) {
      for (const phone of ['998935550000', '935550000', '93 555 00 00', '998901234567', '90 123 45 67']) expect(text).not.toContain(phone);
    }
    owner.close();
    anonymous.close();

    // A stream token opens only its own lot, and an auth token is no stream token in a URL.
    const elsewhere = await streamOf('lot-005', {}, `?token=${issued.body.streamToken}`);
    expect(elsewhere.status).toBe(401);
    expect((await elsewhere.json()).error.code).toBe('token_invalid');
    const authInUrl = await streamOf('lot-006', {}, `?token=${mine}`);
    expect(authInUrl.status).toBe(401);
    await request(t.app).post('/api/v1/auctions/lot-006/stream-token').expect(401);
  });

  it('sends a heartbeat comment every 15 seconds', async () => {
    // Only the timers are the test's: the connection and the store run for real.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'hrtime', 'performance', 'Date'] });
    try {
      const stream = await streamOf('lot-006');
      const lot = data(await stream.next('snapshot'));
      jest.advanceTimersByTime(14_000);
      // A bid written after those 14 s arrives after anything written before it: no heartbeat yet.
      await bid('lot-006', await authToken(t.app), lot.minimumBid);
      jest.advanceTimersByTime(250);
      await stream.next('bid');
      expect(stream.raw()).not.toContain(': heartbeat');
      jest.advanceTimersByTime(750);
      // The 15 s have passed on the fake clock; the comment is written within a few turns of the loop.
      for (let turn = 0; turn < 1000 && !stream.raw().includes(': heartbeat\n\n'); turn++)
        await new Promise((resolve) => setImmediate(resolve));
      if (!stream.raw().includes(': heartbeat\n\n'))
        throw new Error('no heartbeat comment arrived within 1,000 turns of the event loop after 15 s');
      stream.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it('answers an unknown lot or an unknown parameter with a JSON error, not a stream', async () => {
    const missing = await streamOf('lot-404');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect((await missing.json()).error.code).toBe('lot_not_found');
    const odd = await streamOf('lot-006', {}, '?since=3');
    expect(odd.status).toBe(400);
  });

  it('streams every lot’s bids for the auction list', async () => {
    const list = await openStream(`${server.origin}/api/v1/auctions/events`);
    const snapshot = data(await list.next('snapshot'));
    expect(snapshot.items.every((l: { status: string }) => l.status === 'active')).toBe(true);
    const token = await authToken(t.app);
    const lot = snapshot.items.find((l: { id: string }) => l.id === 'lot-008');
    await bid('lot-008', token, lot.minimumBid);
    expect(data(await list.next('bid'))).toMatchObject({ lotId: 'lot-008', lot: { currentBid: lot.minimumBid, myPosition: null } });
    list.close();
  });
});

describe('the stream through the site', () => {
  let site: TestApp;
  afterEach(() => site?.close());

  it('reaches the browser as written, not held back or compressed by the site’s compression', async () => {
    site = createTestApp();
    const through = await listen(site.app);
    try {
      const stream = await openStream(`${through.origin}/api/v1/auctions/lot-006/events`, { 'Accept-Encoding': 'gzip, br' });
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect((await stream.next()).event).toBe('snapshot');
      stream.close();
    } finally {
      await through.close();
    }
  });
});
