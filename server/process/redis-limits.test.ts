import { callJson, startBuiltServer, type BuiltServer } from '../testing/built-server';
import { findProgram, freePort, missingMessage, startProcess, type ServiceProcess } from '../testing/service-processes';

/** With REDIS_URL, the per-client rate limits hold across site processes (machines); without Redis they fall back. */

const REDIS = findProgram('redis-server');
if (!REDIS) console.warn(missingMessage('redis-server', 'redis-server'));
const describeWithRedis = REDIS ? describe : describe.skip;

async function reserve(server: BuiltServer, number: string, client: string): Promise<number> {
  return (await callJson(`${server.origin}/api/v1/reservations`, 'POST', { number }, { 'X-Forwarded-For': client })).status;
}

async function freeNumbers(server: BuiltServer, count: number): Promise<string[]> {
  const res = await fetch(`${server.origin}/api/v1/numbers?category=free&pageSize=${count}`);
  return ((await res.json()) as { items: { number: string }[] }).items.map((item) => item.number);
}

describeWithRedis('per-client limits shared through Redis', () => {
  let redis: ServiceProcess;
  let machineA: BuiltServer;
  let machineB: BuiltServer;
  beforeAll(async () => {
    const port = await freePort();
    redis = await startProcess(
      REDIS!,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      /Ready to accept connections/,
    );
    // Two machines: each its own process and store, one Redis.
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, TRUST_PROXY: 'loopback', LIMIT_RESERVATIONS_PER_HOUR: '3' };
    [machineA, machineB] = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([machineA?.stop(), machineB?.stop()]);
    await redis?.stop();
  });

  it('holds one client to its limit across two site processes, and keeps answering with the limits falling back when Redis stops', async () => {
    const [a, b] = await Promise.all([freeNumbers(machineA, 8), freeNumbers(machineB, 8)]);
    const client = '203.0.113.50';
    expect(await reserve(machineA, a[0], client)).toBe(201);
    expect(await reserve(machineB, b[1], client)).toBe(201);
    expect(await reserve(machineA, a[2], client)).toBe(201);
    // The fourth, on either machine, is over the limit both count together.
    expect(await reserve(machineB, b[3], client)).toBe(429);
    expect(await reserve(machineA, a[3], client)).toBe(429);
    // Another client is not held to it.
    expect(await reserve(machineB, b[4], '203.0.113.51')).toBe(201);

    await redis.stop();
    // Without Redis every machine still answers, counting in its own store (the insurance limiter).
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await reserve(machineA, a[4 + i], '203.0.113.52'));
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await fetch(`${machineB.origin}/en/numbers`)).status).toBe(200);
    expect(machineA.output()).toMatch(/Redis at REDIS_URL cannot be reached/);
  }, 90_000);
});
