import request from 'supertest';
import { createTestApi, MINUTE, reserve, type TestApi } from '../test-support/test-api';

// The number search keeps its answers (search-reads.ts) while the store's state is the same.
// These tests change that state every way a visitor can, between two identical searches, and
// require the second answer to be the fresh one: no kept answer ever shows a taken number.

const TOP = { sort: 'price_desc', pageSize: '20' };
const numbersOf = async (t: TestApi, query: Record<string, string> = TOP) =>
  ((await request(t.app).get('/api/v1/numbers').query(query).expect(200)).body.items as Array<{ number: string; status: string }>).map(
    (n) => `${n.number}:${n.status}`,
  );

let t: TestApi;
beforeEach(() => {
  t = createTestApi({ demoNumbers: 400 });
});
afterEach(() => t.close());

describe('a kept answer of the number search', () => {
  it('is given again while nothing changed, and dropped when a number in it is booked', async () => {
    const first = await numbersOf(t);
    expect(await numbersOf(t)).toEqual(first);
    const booked = first[0].split(':')[0];
    await reserve(t.app, booked);
    const after = await numbersOf(t);
    expect(after.map((n) => n.split(':')[0])).not.toContain(booked);
    expect(after).toHaveLength(20);
  });

  it('gives the number back when its hold lapses by the clock alone, with no write to the store', async () => {
    const first = await numbersOf(t);
    const booked = first[0].split(':')[0];
    await reserve(t.app, booked);
    expect((await numbersOf(t)).map((n) => n.split(':')[0])).not.toContain(booked);
    t.clock.advance(16 * MINUTE);
    expect(await numbersOf(t)).toEqual(first);
  });

  it('shows a held number as reserved in a search that includes unavailable numbers, and free again after', async () => {
    const all = { ...TOP, includeUnavailable: 'true' };
    const first = await numbersOf(t, all);
    const at = first.findIndex((n) => n.endsWith(':free'));
    const [booked] = first[at].split(':');
    await reserve(t.app, booked);
    expect((await numbersOf(t, all))[at]).toBe(`${booked}:reserved`);
    t.clock.advance(16 * MINUTE);
    expect(await numbersOf(t, all)).toEqual(first);
  });

  it('is dropped when another process sharing the store books a number in it', async () => {
    const other = createTestApi({ demoNumbers: 400 }, { dataDir: t.dataDir, clock: t.clock });
    try {
      const first = await numbersOf(t);
      const booked = first[1].split(':')[0];
      await reserve(other.app, booked);
      expect((await numbersOf(t)).map((n) => n.split(':')[0])).not.toContain(booked);
    } finally {
      other.api.close();
    }
  });
});
