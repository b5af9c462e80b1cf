import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { get, startBuiltServer } from '../testing/built-server';
import { apiEndpointOf, processRegistries, startMetricsServer } from './metrics';
import { createTestApp, type TestApp } from '../testing/test-app';
import { solvedSmsChallenge } from '../api/test-support/sms-challenge';

/** The metrics of a test app, as its metrics port serves them. */
async function scrape(t: TestApp): Promise<string> {
  const server: http.Server = await new Promise((resolve) => {
    const s = startMetricsServer(0, '127.0.0.1', processRegistries(t.app.locals.metrics), () => resolve(s));
  });
  try {
    const { port } = server.address() as AddressInfo;
    const res = await get(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    return res.body;
  } finally {
    server.close();
  }
}

const sample = (text: string, name: string) =>
  Number(new RegExp(`^${name.replace(/[{}()[\]]/g, '\\$&')} (\\d+(?:\\.\\d+)?)$`, 'm').exec(text)?.[1] ?? NaN);

describe('metrics', () => {
  let t: TestApp;
  beforeEach(() => {
    t = createTestApp({ LIMIT_RESERVATIONS_PER_HOUR: '1' });
  });
  afterEach(() => t.close());

  it('count a request by its route pattern, a server render by page (once: its reads of the embedded API are no requests), and a refused limit', async () => {
    await request(t.app).get('/en/news').expect(200);
    const numbers = (await request(t.app).get('/api/v1/numbers?category=free&pageSize=2').expect(200)).body.items;
    await request(t.app).post('/api/v1/reservations').send({ number: numbers[0].number }).expect(201);
    await request(t.app).post('/api/v1/reservations').send({ number: numbers[1].number }).expect(429);
    const text = await scrape(t);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="page:news",status="200"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/v1/reservations",status="429"}')).toBe(1);
    expect(sample(text, 'ssr_render_duration_seconds_count{page="news",status="200"}')).toBe(1);
    // The page read the news from the embedded API directly: no API request was made or counted.
    expect(text).not.toMatch(/route="\/api\/v1\/news"/);
    expect(text).not.toMatch(/^operator_api_request_duration_seconds_count\{/m);
    expect(sample(text, 'limits_refused_total{limit="too_many_reservations"}')).toBe(1);
    // The process's own: the event loop's lag among them.
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it('count the SMS the embedded API sent, by kind: codes and watch messages', async () => {
    const phone = '+998901234567';
    let text = await scrape(t);
    expect(sample(text, 'sms_sent_total{kind="code"}')).toBe(0);
    expect(sample(text, 'sms_sent_total{kind="watch"}')).toBe(0);
    const { challengeId } = (
      await request(t.app)
        .post('/api/v1/auth/sms')
        .send({ phone, altcha: await solvedSmsChallenge(t.app, phone) })
        .expect(201)
    ).body;
    // Asked again too soon: refused, nothing sent.
    await request(t.app)
      .post('/api/v1/auth/sms')
      .send({ phone, altcha: await solvedSmsChallenge(t.app, phone) })
      .expect(429);
    const auth = (await request(t.app).post('/api/v1/auth/sms/verify').send({ phone, code: '123456', challengeId }).expect(200)).body
      .authToken;
    const number = (await request(t.app).get('/api/v1/numbers?category=bronze&pageSize=1').expect(200)).body.items[0].number as string;
    const held = (await request(t.app).post('/api/v1/reservations').send({ number }).expect(201)).body.reservationToken;
    await request(t.app)
      .post('/api/v1/watches')
      .set('Authorization', `Bearer ${auth}`)
      .send({ endsWith: number.slice(-7) })
      .expect(201);
    await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', held).expect(204);
    await t.app.locals.api!.matchWatches();
    text = await scrape(t);
    expect(sample(text, 'sms_sent_total{kind="code"}')).toBe(1);
    expect(sample(text, 'sms_sent_total{kind="watch"}')).toBe(1);
  });

  it('count the SMS challenges: issued and accepted by level, refused by reason', async () => {
    const phone = '+998901234567';
    let text = await scrape(t);
    expect(sample(text, 'sms_challenges_total{outcome="issued",level="0",reason=""}')).toBe(0);
    expect(sample(text, 'sms_challenges_total{outcome="accepted",level="0",reason=""}')).toBe(0);
    const altcha = await solvedSmsChallenge(t.app, phone);
    await request(t.app).post('/api/v1/auth/sms').send({ phone }).expect(400);
    await request(t.app).post('/api/v1/auth/sms').send({ phone, altcha }).expect(201);
    await request(t.app).post('/api/v1/auth/sms').send({ phone, altcha }).expect(400);
    text = await scrape(t);
    expect(sample(text, 'sms_challenges_total{outcome="issued",level="0",reason=""}')).toBe(1);
    expect(sample(text, 'sms_challenges_total{outcome="accepted",level="0",reason=""}')).toBe(1);
    expect(sample(text, 'sms_challenges_total{outcome="refused",level="",reason="sms_challenge_required"}')).toBe(1);
    expect(sample(text, 'sms_challenges_total{outcome="refused",level="",reason="sms_challenge_used"}')).toBe(1);
  });

  it('count API failures by endpoint and kind', async () => {
    const down = createTestApp({ API_BASE_URL: 'http://127.0.0.1:9/api/v1' });
    try {
      await request(down.app).get('/en/news/some-item');
      const text = await scrape(down);
      expect(sample(text, 'operator_api_errors_total{endpoint="/news/:id",kind="network"}')).toBe(1);
    } finally {
      down.close();
    }
  });

  it('keep their label set bounded under 1,000 distinct junk URLs', async () => {
    const junk = (i: number) =>
      [
        `/junk-${i}`,
        `/en/news/junk-${i}`,
        `/api/v1/numbers/junk-${i}`,
        `/api/v1/junk-${i}`,
        `/assets/junk-${i}.js`,
        `/uz/numbers?mask=${i}`,
      ][i % 6];
    // The site's own series (the process's, such as GC kinds, come and go by themselves).
    const seriesOf = (text: string) =>
      text
        .split('\n')
        .filter((line) => /^[a-z_]+_(count|total)\{/.test(line) && !/^(nodejs|process)_/.test(line))
        .map((line) => line.split(' ')[0]);
    for (let i = 0; i < 60; i += 1) await request(t.app).get(junk(i));
    const early = seriesOf(await scrape(t));
    for (let i = 60; i < 1000; i += 1) await request(t.app).get(junk(i));
    const text = await scrape(t);
    expect(text).not.toMatch(/junk-/);
    // Every URL kind was seen in the first 60: 940 more new URLs add no series at all.
    expect(seriesOf(text)).toEqual(early);
    expect(early.length).toBeLessThan(40);
  }, 60000);

  it('are never served on the public port', async () => {
    const res = await request(t.app).get('/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_request_duration_seconds');
  });

  it('name API endpoints by pattern', () => {
    expect(apiEndpointOf('/news/some-slug?x=1')).toBe('/news/:id');
    expect(apiEndpointOf('/auctions/lot-006/bids')).toBe('/auctions/:id/bids');
    expect(apiEndpointOf('/numbers/categories')).toBe('/numbers/categories');
    expect(apiEndpointOf('/evil/path')).toBe('other');
  });
});

describe('metrics of a cluster (WEB_CONCURRENCY=2, METRICS_PORT)', () => {
  it('add up the requests every worker answered, on the metrics port only', async () => {
    const server = await startBuiltServer({ WEB_CONCURRENCY: '2', METRICS_PORT: '0' });
    try {
      for (let i = 0; i < 20; i += 1) expect((await get(`${server.origin}/healthz`)).status).toBe(200);
      const port = /Metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(server.output())![1];
      const text = (await get(`http://127.0.0.1:${port}/metrics`)).body;
      expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBe(20);
      expect((await get(`${server.origin}/metrics`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
