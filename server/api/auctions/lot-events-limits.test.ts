import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import request from 'supertest';
import { listen, openStream } from '../test-support/event-stream';
import { authToken, createTestApi, type TestApi } from '../test-support/test-api';
import { data, lotStreams } from './lot-events-support';

// Each test starts the API with the limit it proves.
let t: TestApi;
let server: Awaited<ReturnType<typeof listen>>;
afterEach(async () => {
  await server.close();
  t.close();
});

const streamOf = lotStreams(() => server.origin);

describe('limits on streams', () => {
  it('refuses a client’s stream past LIMIT_STREAMS_PER_CLIENT with a 429 JSON error, and frees the slot when one closes', async () => {
    t = createTestApi({ limits: { streamsPerClient: 2 } });
    server = await listen(t.app);
    const me = { 'X-Forwarded-For': '198.51.100.7' };
    const held = [await streamOf('lot-006', me), await streamOf('lot-005', me)];
    await Promise.all(held.map((s) => s.next('snapshot')));
    const refused = await streamOf('lot-006', { ...me, 'X-Language': 'en' });
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers['retry-after']).toBe('30');
    const body = await refused.json();
    expect(body.error).toMatchObject({ code: 'too_many_streams', retryAfterSeconds: 30 });
    expect(body.error.message).toContain('(2)');
    const neighbour = await streamOf('lot-006', { 'X-Forwarded-For': '198.51.100.8' });
    expect(neighbour.status).toBe(200);
    neighbour.close();

    held[0].close();
    await held[0].ended;
    // The server sees the close a moment later; the next stream gets the freed slot.
    let again = await streamOf('lot-006', me);
    for (let tries = 1; again.status === 429 && tries < 50; tries++) again = await streamOf('lot-006', me);
    if (again.status !== 200) throw new Error(`the freed slot was never given back: the 50th try still answered ${again.status}`);
    again.close();
    held[1].close();
  });

  it('refuses any stream past LIMIT_STREAMS_TOTAL with a JSON 503 and Retry-After before any event, and takes one again when a slot frees', async () => {
    t = createTestApi({ limits: { streamsTotal: 2 } });
    server = await listen(t.app);
    // Two different clients fill the process; a third, new client is refused although it holds none.
    const held = [
      await streamOf('lot-006', { 'X-Forwarded-For': '198.51.100.11' }),
      await streamOf('lot-005', { 'X-Forwarded-For': '198.51.100.12' }),
    ];
    await Promise.all(held.map((s) => s.next('snapshot')));
    for (const [lang, text] of [
      ['en', 'Live auction updates are busy right now. The page refreshes the bids by itself; live updates will be back in 30 s.'],
      [
        'ru',
        'Обновления аукциона в реальном времени сейчас перегружены. Страница сама обновляет ставки; обновления в реальном времени вернутся через 30 с.',
      ],
      [
        'uz',
        'Auksionning jonli yangilanishlari hozir band. Sahifa stavkalarni oʻzi yangilab turadi; jonli yangilanishlar 30 soniyadan soʻng qaytadi.',
      ],
    ]) {
      const refused = await streamOf('lot-005', { 'X-Forwarded-For': '203.0.113.50', 'X-Language': lang });
      expect(refused.status).toBe(503);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.headers['retry-after']).toBe('30');
      const body = await refused.json();
      expect(body.error).toEqual({ code: 'streams_busy', message: text, retryAfterSeconds: 30 });
    }
    held[0].close();
    await held[0].ended;
    let again = await streamOf('lot-005', { 'X-Forwarded-For': '203.0.113.50' });
    for (let tries = 1; again.status === 503 && tries < 50; tries++)
      again = await streamOf('lot-005', { 'X-Forwarded-For': '203.0.113.50' });
    if (again.status !== 200) throw new Error(`the freed slot was never given back: the 50th try still answered ${again.status}`);
    expect(data(await again.next('snapshot'))).toMatchObject({ id: 'lot-005' });
    again.close();
    held[1].close();
  });

  it('holds the /64s of one IPv6 home line (/56) to their site’s share of the process’s streams, and no other site loses any', async () => {
    // Scaled down: 2 a client, 20 a process, a site 20 % of them (4). Default: 20, 5,000 and 250.
    t = createTestApi({ limits: { streamsPerClient: 2, streamsTotal: 20, streamsSiteShare: 0.2 } });
    server = await listen(t.app);
    const held = [];
    for (const line of ['2a02:4780:1:ab00::1', '2a02:4780:1:ab01::1']) {
      for (const lot of ['lot-006', 'lot-005']) held.push(await streamOf(lot, { 'X-Forwarded-For': line }));
    }
    expect(held.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const refused = await streamOf('lot-006', { 'X-Forwarded-For': '2a02:4780:1:ab02::1', 'X-Language': 'en' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect((await refused.json()).error).toEqual({
      code: 'too_many_network_streams',
      message: 'Too many live pages are open from your network (4). Close some of them or try again in 30 s.',
      retryAfterSeconds: 30,
    });
    // The availability stream counts under the same share, from any /64 of the site.
    const availability = await openStream(`${server.origin}/api/v1/numbers/events?numbers=%2B998200000001`, {
      'X-Forwarded-For': '2a02:4780:1:ffff::1',
    });
    expect(availability.status).toBe(429);
    const elsewhere = await streamOf('lot-006', { 'X-Forwarded-For': '2a02:4780:2:ab00::1' });
    expect(elsewhere.status).toBe(200);
    elsewhere.close();
    for (const stream of held) stream.close();
  });

  // docs/attacks/2026-11-28-writes-second.md A8: 20 sites at their share once held every slot.
  it('lets a site open more streams past half the process only under the smaller busy share, so a few sites leave room', async () => {
    // Scaled down: 1 a client, 20 a process, a site 4 (20 %), 1 (5 %) once 10 are open. Default: 20, 5,000, 250 and 50.
    t = createTestApi({ limits: { streamsPerClient: 1, streamsTotal: 20, streamsSiteShare: 0.2, streamsBusySiteShare: 0.05 } });
    server = await listen(t.app);
    const held = [];
    const answers: number[][] = [];
    for (let site = 1; site <= 5; site += 1) {
      const statuses = [];
      for (let line = 0; line < 4; line += 1) {
        const stream = await streamOf('lot-006', { 'X-Forwarded-For': `2a02:4780:${site}:ab0${line}::1` });
        statuses.push(stream.status);
        if (stream.status === 200) held.push(stream);
        else stream.close();
      }
      answers.push(statuses);
    }
    // Two sites fill their share, the third stops at half the process, the rest get one each.
    expect(answers).toEqual([
      [200, 200, 200, 200],
      [200, 200, 200, 200],
      [200, 200, 429, 429],
      [200, 429, 429, 429],
      [200, 429, 429, 429],
    ]);
    const visitor = await streamOf('lot-006', { 'X-Forwarded-For': '2a02:4780:99:ab00::1' });
    expect(visitor.status).toBe(200);
    visitor.close();
    for (const stream of held) stream.close();
  });

  it('holds no slot for a browser that left while its token was being checked', async () => {
    let verifying!: () => void;
    const asked = new Promise<void>((resolve) => (verifying = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let holdBack = false;
    t = createTestApi({
      limits: { streamsPerClient: 1 },
      wrapTokens: (tokens) => ({
        sign: tokens.sign,
        async verify(token) {
          if (holdBack) {
            verifying();
            await answered;
          }
          return tokens.verify(token);
        },
      }),
    });
    const auth = await authToken(t.app);
    const { streamToken } = (
      await request(t.app).post('/api/v1/auctions/lot-006/stream-token').set('Authorization', `Bearer ${auth}`).expect(201)
    ).body;
    holdBack = true;
    const site = http.createServer(t.app);
    const serverSockets: Socket[] = [];
    site.on('connection', (socket) => serverSockets.push(socket));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    server = { origin, close: () => new Promise<void>((resolve) => (site.closeAllConnections(), site.close(() => resolve()))) };
    const me = { 'X-Forwarded-For': '198.51.100.9' };

    const leaving = http.get(`${origin}/api/v1/auctions/lot-006/events?token=${streamToken}`, { agent: false, headers: me });
    leaving.on('error', () => {});
    await asked;
    leaving.destroy();
    // The server has seen the browser go before the check answers.
    await Promise.all(serverSockets.map((socket) => (socket.destroyed ? null : new Promise((resolve) => socket.once('close', resolve)))));
    answer();
    holdBack = false;

    const next = await streamOf('lot-006', me, `?token=${streamToken}`);
    expect(next.status).toBe(200);
    next.close();
  });
});
