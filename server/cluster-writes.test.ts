import { callJson, startBuiltServer, type BuiltServer } from './built-server';

/** Two cluster workers writing to one store at once: every request answered, none with a 5xx. */

const DEMO_CODE = '123456';
const visitor = (index: number) => `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`;

const call = (origin: string, method: string, path: string, body: unknown, headers: Record<string, string>) => callJson(`${origin}${path}`, method, body, headers);

describe('cluster writes (WEB_CONCURRENCY=2)', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer({ WEB_CONCURRENCY: '2', TRUST_PROXY: 'loopback', DEMO_SMS_CODE: DEMO_CODE, LOG_REQUESTS: 'true', PAGE_CACHE_SECONDS: '0' });
  }, 30000);
  afterAll(() => server.stop());

  it('gives each raced number to exactly one of its visitors, on both workers, with no 5xx', async () => {
    const NUMBERS = 20;
    const RACERS = 14;
    const list = await call(server.origin, 'GET', `/api/v1/numbers?category=free&pageSize=${NUMBERS}`, undefined, {});
    const numbers = (list.body.items as { number: string }[]).map((item) => item.number);
    expect(numbers).toHaveLength(NUMBERS);
    const answers = await Promise.all(
      numbers.flatMap((number, n) =>
        Array.from({ length: RACERS }, (_, r) =>
          call(server.origin, 'POST', '/api/v1/reservations', { number }, { 'X-Forwarded-For': visitor(n * RACERS + r) }).then((answer) => ({ number, answer })),
        ),
      ),
    );
    expect(answers.filter(({ answer }) => answer.status >= 500)).toEqual([]);
    for (const number of numbers) {
      const statuses = answers.filter((a) => a.number === number).map((a) => a.answer.status).sort();
      expect(`${number}: ${statuses.join(',')}`).toBe(`${number}: ${[201, ...Array(RACERS - 1).fill(409)].join(',')}`);
    }
    // Both workers took part.
    const pids = new Set(
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"path":"/reservations"') || line.includes('"path":"/api/v1/reservations"'))
        .map((line) => JSON.parse(line).pid),
    );
    expect(pids.size).toBe(2);
  }, 60000);

  it('accepts exactly one of several simultaneous bids at the same minimum, round after round, with no 5xx', async () => {
    const BIDDERS = 8;
    const tokens: string[] = [];
    for (let i = 0; i < BIDDERS; i += 1) {
      const phone = `+9989355500${String(i).padStart(2, '0')}`;
      const headers = { 'X-Forwarded-For': visitor(5000 + i) };
      expect((await call(server.origin, 'POST', '/api/v1/auth/sms', { phone }, headers)).status).toBe(201);
      const verified = await call(server.origin, 'POST', '/api/v1/auth/sms/verify', { phone, code: DEMO_CODE }, headers);
      tokens.push(verified.body.authToken as string);
    }
    const lots = await call(server.origin, 'GET', '/api/v1/auctions?status=active', undefined, {});
    const lot = (lots.body.items as { id: string }[])[0];
    for (let round = 0; round < 5; round += 1) {
      const detail = await call(server.origin, 'GET', `/api/v1/auctions/${lot.id}`, undefined, {});
      const amount = detail.body.minimumBid as number;
      const answers = await Promise.all(
        tokens.map((token, i) =>
          call(server.origin, 'POST', `/api/v1/auctions/${lot.id}/bids`, { amount }, { Authorization: `Bearer ${token}`, 'X-Forwarded-For': visitor(5000 + i) }),
        ),
      );
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, ...Array(BIDDERS - 1).fill(400)]);
      expect(answers.filter((answer) => answer.status === 400).every((answer) => answer.body.error?.code === 'bid_too_low')).toBe(true);
    }
  }, 60000);
});
