import { callJson, signedInOn, startCluster, type BuiltServer } from '../testing/built-server';
import { openStream, type OpenStream } from '../api/test-support/event-stream';

/** Live streams with two cluster workers: a bid or a reservation accepted by one reaches the streams of both. */

const post = (origin: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  callJson(`${origin}${path}`, 'POST', body, headers);

describe('live streams on a cluster (WEB_CONCURRENCY=2)', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startCluster();
  }, 90_000);
  afterAll(() => server.stop());

  /**
   * How many workers held the streams, from the request log (written when a stream closes, by then
   * with the API router's own path). Bounded: at most 20 s of waiting for the workers' output,
   * then a failure that says what is missing.
   */
  async function workersThatHeld(path: RegExp, streams: number): Promise<number> {
    const logged = () =>
      server
        .output()
        .split('\n')
        .filter((line) => path.test(line))
        .map((line) => JSON.parse(line) as { pid: number });
    const deadline = Date.now() + 20_000;
    while (logged().length < streams && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          server.child.stdout!.off('data', done);
          resolve();
        };
        const timer = setTimeout(done, 1000);
        server.child.stdout!.once('data', done);
      });
    }
    if (logged().length < streams) throw new Error(`the request log showed ${logged().length} of ${streams} closed streams after 20 s`);
    return new Set(logged().map((entry) => entry.pid)).size;
  }

  it('passes a bid accepted through one worker to the streams held by every worker', async () => {
    const STREAMS = 8;
    const streams: OpenStream[] = [];
    for (let i = 0; i < STREAMS; i += 1) {
      // Each on a connection of its own, as a visitor of its own: the primary deals them out to both workers.
      streams.push(await openStream(`${server.origin}/api/v1/auctions/lot-006/events`, { 'X-Forwarded-For': `198.51.100.${i + 1}` }));
    }
    const lot = JSON.parse((await streams[0].next('snapshot')).data);
    await Promise.all(streams.slice(1).map((s) => s.next('snapshot')));

    const phone = '+998935550011';
    const auth = await signedInOn(server.origin, phone);
    const placed = await post(
      server.origin,
      '/api/v1/auctions/lot-006/bids',
      { amount: lot.minimumBid },
      { Authorization: `Bearer ${auth}` },
    );
    expect(placed.status).toBe(201);

    const received = await Promise.all(streams.map((s) => s.next('bid')));
    expect(received.map((e) => JSON.parse(e.data).bid.amount)).toEqual(Array(STREAMS).fill(lot.minimumBid));
    for (const s of streams) {
      s.close();
      await s.ended;
    }
    expect(await workersThatHeld(/"path":"(\/api\/v1)?\/auctions\/lot-006\/events"/, STREAMS)).toBe(2);
  }, 60000);

  it('passes a reservation made through one worker to the availability streams held by every worker', async () => {
    const STREAMS = 8;
    const found = await fetch(`${server.origin}/api/v1/numbers?category=bronze&pageSize=1`);
    const [{ number }] = ((await found.json()) as { items: { number: string }[] }).items;
    const streams: OpenStream[] = [];
    for (let i = 0; i < STREAMS; i += 1) {
      const url = `${server.origin}/api/v1/numbers/events?numbers=${encodeURIComponent(number)}`;
      streams.push(await openStream(url, { 'X-Forwarded-For': `198.51.100.${i + 1}` }));
    }
    await Promise.all(streams.map((s) => s.next('snapshot')));
    const booked = await post(server.origin, '/api/v1/reservations', { number });
    expect(booked.status).toBe(201);
    const received = await Promise.all(streams.map((s) => s.next('status')));
    // Every worker names the same holder: the booking's own public id.
    const bookingId = (booked.body as { reservation: { bookingId: string } }).reservation.bookingId;
    expect(received.map((e) => JSON.parse(e.data))).toEqual(Array(STREAMS).fill({ number, status: 'reserved', bookingId }));
    for (const s of streams) {
      s.close();
      await s.ended;
    }
    expect(await workersThatHeld(/"path":"(\/api\/v1)?\/numbers\/events"/, STREAMS)).toBe(2);
  }, 60000);
});
