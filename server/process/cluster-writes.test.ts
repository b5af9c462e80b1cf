import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../api/store/database';
import { callJson, signedInOn, startCluster, type BuiltServer } from '../testing/built-server';

/** Two cluster workers writing to one store at once: every request answered, none with a 5xx. */

// Each visitor in a network (/24) of its own: neighbours would share their network's limits.
const visitor = (index: number) => `10.${Math.floor(index / 256) % 256}.${index % 256}.2`;

/** A sandbox decision as the payment page's form posts it: the status and where the visitor is sent. */
function decide(origin: string, paymentId: string, decision: 'approve' | 'decline'): Promise<{ status: number; location: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}/api/v1/sandbox/payments/${paymentId}/${decision}`,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': 0 } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? '') }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const call = (origin: string, method: string, path: string, body: unknown, headers: Record<string, string>) =>
  callJson(`${origin}${path}`, method, body, headers);

describe('cluster writes (WEB_CONCURRENCY=2)', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startCluster();
  }, 90_000);
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
          call(server.origin, 'POST', '/api/v1/reservations', { number }, { 'X-Forwarded-For': visitor(n * RACERS + r) }).then(
            (answer) => ({ number, answer }),
          ),
        ),
      ),
    );
    expect(answers.filter(({ answer }) => answer.status >= 500)).toEqual([]);
    for (const number of numbers) {
      const statuses = answers
        .filter((a) => a.number === number)
        .map((a) => a.answer.status)
        .sort();
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
      tokens.push(await signedInOn(server.origin, phone, { 'X-Forwarded-For': visitor(5000 + i) }));
    }
    const lots = await call(server.origin, 'GET', '/api/v1/auctions?status=active', undefined, {});
    const lot = (lots.body.items as { id: string }[])[0];
    for (let round = 0; round < 5; round += 1) {
      const detail = await call(server.origin, 'GET', `/api/v1/auctions/${lot.id}`, undefined, {});
      const amount = detail.body.minimumBid as number;
      const answers = await Promise.all(
        tokens.map((token, i) =>
          call(
            server.origin,
            'POST',
            `/api/v1/auctions/${lot.id}/bids`,
            { amount },
            { Authorization: `Bearer ${token}`, 'X-Forwarded-For': visitor(5000 + i) },
          ),
        ),
      );
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      // From the second round the leader of the round before is among them: their own bid is
      // refused as leading (409), unless another's was accepted first (then it is too low).
      const statuses = answers.map((answer) => answer.status).sort();
      const refusedAsLeader = round === 0 ? [] : statuses.filter((status) => status === 409);
      expect(statuses).toEqual([201, ...Array(BIDDERS - 1 - refusedAsLeader.length).fill(400), ...refusedAsLeader]);
      expect(refusedAsLeader.length).toBeLessThanOrEqual(1);
      expect(answers.filter((answer) => answer.status === 400).every((answer) => answer.body.error?.code === 'bid_too_low')).toBe(true);
      expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.error?.code === 'bid_already_leading')).toBe(
        true,
      );
    }
  }, 60000);

  it('keeps one highest bidder and no bid past any maximum when 50 maximums and plain bids race on both workers', async () => {
    const BIDDERS = 10;
    const tokens: string[] = [];
    for (let i = 0; i < BIDDERS; i += 1) {
      const phone = `+9989366600${String(i).padStart(2, '0')}`;
      tokens.push(await signedInOn(server.origin, phone, { 'X-Forwarded-For': visitor(7000 + i) }));
    }
    const lots = (await call(server.origin, 'GET', '/api/v1/auctions?status=active', undefined, {})).body.items as Array<{
      id: string;
      minimumBid: number;
      step: number;
      buyNowPrice: number | null;
    }>;
    // A lot the bid race above did not touch, without a buy-now price (nothing ends it early).
    const lot = lots.filter((l) => l.buyNowPrice === null).at(-1)!;
    const as = (i: number) => ({ Authorization: `Bearer ${tokens[i]}`, 'X-Forwarded-For': visitor(7000 + i) });
    // Five requests from each bidder: maximums with odd amounts (never a plain bid's) and plain bids, all at once.
    const maximums = new Map<number, number[]>();
    const requests = Array.from({ length: 50 }, (_, n) => {
      const i = n % BIDDERS;
      if (n % 2 === 0) {
        const maxAmount = lot.minimumBid + lot.step * (3 + ((n * 7) % 40)) + 7_777 + n;
        maximums.set(i, [...(maximums.get(i) ?? []), maxAmount]);
        return call(server.origin, 'POST', `/api/v1/auctions/${lot.id}/max-bid`, { maxAmount }, as(i));
      }
      return call(server.origin, 'POST', `/api/v1/auctions/${lot.id}/bids`, { amount: lot.minimumBid + lot.step * (n % 9) }, as(i));
    });
    const answers = await Promise.all(requests);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);

    const views = await Promise.all(tokens.map((_, i) => call(server.origin, 'GET', `/api/v1/auctions/${lot.id}`, undefined, as(i))));
    // Exactly one bidder is highest.
    expect(views.filter((view) => view.body.myPosition === 1)).toHaveLength(1);
    // Every bid of the lot, read from the store both workers wrote: each above the one before
    // (never two bidders at one price), and no automatic bid past its bidder's highest maximum.
    const store = new Database(path.join(server.dataDir, DATABASE_FILE), { readonly: true });
    const bids = store.prepare('SELECT phone, amount, automatic FROM bids WHERE lot_id = ? ORDER BY id').all(lot.id) as Array<{
      phone: string;
      amount: number;
      automatic: number;
    }>;
    store.close();
    expect(bids.filter((b) => b.automatic).length).toBeGreaterThan(0);
    expect(bids.every((b, k) => k === 0 || b.amount > bids[k - 1].amount)).toBe(true);
    const highest = (phone: string) => Math.max(0, ...(maximums.get(Number(phone.slice(-2))) ?? []));
    expect(bids.filter((b) => b.automatic && b.amount > highest(b.phone))).toEqual([]);
    // The maximums never reached a log line of either worker.
    const output = server.output();
    expect([...maximums.values()].flat().filter((amount) => output.includes(String(amount)))).toEqual([]);
  }, 60000);

  it('decides each payment once however many approvals and declines race on both workers, and shows every visitor that outcome', async () => {
    const RACES = 200;
    const outcomes = new Map<string, number>();
    const pids = new Set<number>();
    for (let race = 0; race < RACES; race += 1) {
      // Each race its own visitor, phone and person, so no per-client or per-person limit is in play.
      const headers = { 'X-Forwarded-For': visitor(10_000 + race) };
      const phone = `+99894${String(1_000_000 + race).padStart(7, '0')}`;
      const auth = await signedInOn(server.origin, phone, headers);
      const identified = await call(
        server.origin,
        'POST',
        '/api/v1/identification/remote',
        { document: `AK${String(1_000_000 + race)}`, birthDate: '15.03.1990' },
        { ...headers, Authorization: `Bearer ${auth}` },
      );
      expect(identified.status).toBe(201);
      const list = await call(server.origin, 'GET', '/api/v1/numbers?category=free&pageSize=1', undefined, {});
      const number = (list.body.items as { number: string }[])[0].number;
      const booked = await call(server.origin, 'POST', '/api/v1/reservations', { number }, { ...headers, 'X-Auth-Token': auth });
      expect(booked.status).toBe(201);
      const ordered = await call(
        server.origin,
        'POST',
        '/api/v1/orders',
        { tariff: { type: 'ready', id: 'oq-smart' }, simType: 'esim', email: 'race@mail.uz' },
        { ...headers, Authorization: `Bearer ${auth}`, 'X-Reservation-Token': booked.body.reservationToken as string },
      );
      expect(ordered.status).toBe(201);
      const orderId = (ordered.body.order as { id: string }).id;
      const payment = await call(
        server.origin,
        'POST',
        `/api/v1/orders/${orderId}/payments`,
        { provider: 'payme' },
        { ...headers, Authorization: `Bearer ${auth}` },
      );
      expect(payment.status).toBe(201);
      const paymentId = payment.body.paymentId as string;

      // Two, five or ten at once, approvals and declines mixed (every third race approvals only).
      const racers = [2, 5, 10][race % 3];
      const decisions = Array.from(
        { length: racers },
        (_, i) => (race % 3 === 2 || i % 2 === 0 ? 'approve' : 'decline') as 'approve' | 'decline',
      );
      const answers = await Promise.all(decisions.map((decision) => decide(server.origin, paymentId, decision)));
      expect(answers.every((answer) => answer.status === 303)).toBe(true);
      const shown = new Set(answers.map((answer) => new URL(answer.location, server.origin).searchParams.get('payment')));
      expect(`race ${race}: ${[...shown].join(',')}`).toBe(`race ${race}: ${[...shown][0]}`);
      const outcome = [...shown][0]!;
      expect(['approved', 'declined']).toContain(outcome);
      // What the visitor is shown is what happened to the order.
      const status = await call(server.origin, 'GET', `/api/v1/orders/${orderId}/status`, undefined, { Authorization: `Bearer ${auth}` });
      expect(`race ${race}: ${outcome} -> ${String(status.body.result)}`).toBe(
        `race ${race}: ${outcome} -> ${outcome === 'approved' ? 'activated' : 'not_paid'}`,
      );
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(outcomes.get('approved')).toBeGreaterThan(0);
    expect(outcomes.get('declined')).toBeGreaterThan(0);
    // Both workers decided payments.
    for (const line of server.output().split('\n')) {
      if (line.includes('/sandbox/payments/')) pids.add(JSON.parse(line).pid as number);
    }
    expect(pids.size).toBe(2);
  }, 180_000);
});
