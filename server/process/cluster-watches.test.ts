import Database from 'better-sqlite3';
import path from 'node:path';
import { DATABASE_FILE } from '../api/store/database';
import { callJson, signedInOn, startCluster, type BuiltServer } from '../testing/built-server';

/**
 * Number watches with two cluster workers, each looking at the log of number changes every
 * second: a booking that lapses by the clock sends its watch's SMS exactly once, and not again
 * within the day.
 */

const post = (server: BuiltServer, route: string, body: unknown, headers: Record<string, string> = {}) =>
  callJson(`${server.origin}/api/v1${route}`, 'POST', body, headers);

describe('number watches on a cluster (WEB_CONCURRENCY=2)', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    // Outside production the sandbox SMS channel is the log, where the test reads it.
    server = await startCluster({ NODE_ENV: 'test' });
  }, 90_000);
  afterAll(() => server.stop());

  const smsTo = (phone: string) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes(`SMS to ${phone}:`))
      .map((line) => JSON.parse(line) as { pid: number; message: string });

  /** Waits (at most 15 s) until the phone has had `count` SMS, and fails saying how many came. */
  async function waitForSms(phone: string, count: number): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (smsTo(phone).length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (smsTo(phone).length < count) throw new Error(`${phone} had ${smsTo(phone).length} of ${count} SMS after 15 s`);
  }

  /** Books the number and makes its booking end a moment from now, as the clock would after 15 minutes. */
  async function bookBriefly(server: BuiltServer, number: string): Promise<void> {
    expect((await post(server, '/reservations', { number })).status).toBe(201);
    // Another process writing the same store (as an operator's tool may): the hold ends in 1.5 s.
    const db = new Database(path.join(server.dataDir, DATABASE_FILE));
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE numbers SET held_until = ? WHERE msisdn = ?').run(Date.now() + 1500, number);
    db.close();
  }

  it('sends the SMS of a lapsed booking exactly once, and not again within the day', async () => {
    const found = await fetch(`${server.origin}/api/v1/numbers?category=bronze&pageSize=2`);
    const [first, second] = ((await found.json()) as { items: { number: string }[] }).items.map((item) => item.number);
    const watcher = '+998935550101';
    const witness = '+998935550102';
    expect(
      (
        await post(
          server,
          '/watches',
          { endsWith: first.slice(-7) },
          { Authorization: `Bearer ${await signedInOn(server.origin, watcher)}` },
        )
      ).status,
    ).toBe(201);
    const witnessAuth = await signedInOn(server.origin, witness);

    await bookBriefly(server, first);
    await waitForSms(watcher, 1);
    // Booked and lapsed again the same day: no second SMS. A later change the witness watches is
    // matched only after it (the log is read in order), so once the witness has its SMS, both
    // workers are past the first number's changes for good.
    await bookBriefly(server, first);
    expect((await post(server, '/watches', { endsWith: second.slice(-7) }, { Authorization: `Bearer ${witnessAuth}` })).status).toBe(201);
    await bookBriefly(server, second);
    await waitForSms(witness, 1);
    expect(smsTo(watcher)).toHaveLength(1);
    expect(smsTo(watcher)[0].message).toContain(first.slice(-7));
  }, 60000);
});
