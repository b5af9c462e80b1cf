import { callJson, CLUSTER_SMS_CODE, startCluster, type BuiltServer } from '../testing/built-server';
import { openStream, type OpenStream } from '../api/test-support/event-stream';

/** Live auction streams with two cluster workers: a bid accepted by one reaches the streams of both. */

const post = (origin: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  callJson(`${origin}${path}`, 'POST', body, headers);

describe('live auction streams on a cluster (WEB_CONCURRENCY=2)', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startCluster();
  }, 30000);
  afterAll(() => server.stop());

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
    expect((await post(server.origin, '/api/v1/auth/sms', { phone })).status).toBe(201);
    const auth = (await post(server.origin, '/api/v1/auth/sms/verify', { phone, code: CLUSTER_SMS_CODE })).body.authToken as string;
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
    // The request log (written when a stream closes) shows that both workers held streams.
    const logged = () =>
      server
        .output()
        .split('\n')
        // Logged when the stream closes, by then with the API router's own path.
        .filter((line) => /"path":"(\/api\/v1)?\/auctions\/lot-006\/events"/.test(line))
        .map((line) => JSON.parse(line) as { pid: number });
    // Bounded: at most 20 s of waiting for the workers' output, then a failure that says what is missing.
    const deadline = Date.now() + 20_000;
    while (logged().length < STREAMS && Date.now() < deadline) {
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
    if (logged().length < STREAMS) throw new Error(`the request log showed ${logged().length} of ${STREAMS} closed streams after 20 s`);
    expect(new Set(logged().map((entry) => entry.pid)).size).toBe(2);
  }, 60000);
});
