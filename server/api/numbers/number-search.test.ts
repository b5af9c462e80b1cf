import request from 'supertest';
import { createTestApi, reserve, type TestApi } from '../test-support/test-api';
import { compileMask, matchesPattern } from './number-patterns';

let t: TestApi;
beforeAll(() => {
  t = createTestApi();
});
afterAll(() => t.close());

const search = async (query: string) => (await request(t.app).get(`/api/v1/numbers?${query}`).expect(200)).body;
const subscriber = (n: { number: string }) => n.number.slice(6);

describe('number search', () => {
  it('pages through free numbers by price, ascending by default', async () => {
    const first = await search('pageSize=5');
    const second = await search('pageSize=5&page=2');
    expect(first.items).toHaveLength(5);
    expect(first.total).toBeGreaterThan(2000);
    expect(second.items[0].number).not.toBe(first.items[0].number);
    const desc = await search('sort=price_desc&pageSize=20');
    const prices = desc.items.map((n: { price: number }) => n.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(desc.items.every((n: { available: boolean }) => n.available)).toBe(true);
  });

  it('filters by category', async () => {
    const gold = await search('category=gold&pageSize=100');
    expect(gold.total).toBeGreaterThan(0);
    expect(gold.items.every((n: { category: string; price: number }) => n.category === 'gold' && n.price === 840_000)).toBe(true);
  });

  it('filters by digits contained and by ending', async () => {
    const contains = await search('contains=777&pageSize=100');
    expect(contains.total).toBeGreaterThan(0);
    expect(contains.items.every((n: { number: string }) => n.number.slice(4).includes('777'))).toBe(true);
    const ends = await search('endsWith=00&pageSize=100');
    expect(ends.items.every((n: { number: string }) => n.number.endsWith('00'))).toBe(true);
  });

  it('matches a mask where letters are repeated digits', async () => {
    const res = await search('mask=XXX-YY-YY&pageSize=100');
    expect(res.total).toBeGreaterThan(0);
    for (const n of res.items) {
      const s = subscriber(n);
      expect(s[0]).toBe(s[1]);
      expect(s[1]).toBe(s[2]);
      expect(s.slice(3)).toBe(s[3].repeat(4));
      expect(s[0]).not.toBe(s[3]);
    }
  });

  it('finds each digit pattern', async () => {
    for (const pattern of ['repeats', 'mirror', 'sequence'] as const) {
      const res = await search(`pattern=${pattern}&pageSize=50`);
      expect(res.total).toBeGreaterThan(0);
      for (const n of res.items) expect(matchesPattern(subscriber(n), pattern)).toBe(true);
    }
  });

  it('shows sold and reserved numbers as unavailable only when asked', async () => {
    const number = (await search('category=platinum&pageSize=1')).items[0].number;
    await reserve(t.app, number);
    expect((await search('category=platinum&pageSize=100')).items.some((n: { number: string }) => n.number === number)).toBe(false);
    const all = await search('category=platinum&includeUnavailable=true&pageSize=100');
    expect(all.items.find((n: { number: string }) => n.number === number)).toMatchObject({ status: 'reserved', available: false });
    const auction = all.items.find((n: { status: string }) => n.status === 'auction');
    expect(auction.auctionId).toMatch(/^lot-/);
  });

  it('names the field of each bad filter', async () => {
    for (const [query, field] of [
      ['category=diamond', 'category'],
      ['contains=7a', 'contains'],
      ['endsWith=1234567890', 'endsWith'],
      ['mask=XX', 'mask'],
      ['pattern=zigzag', 'pattern'],
      ['sort=cheap', 'sort'],
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
      ['includeUnavailable=maybe', 'includeUnavailable'],
    ]) {
      expect((await request(t.app).get(`/api/v1/numbers?${query}`).expect(400)).body.error.field).toBe(field);
    }
  });

  it('lists the categories with price, pattern label and free count', async () => {
    const res = await request(t.app).get('/api/v1/numbers/categories').set('X-Language', 'en').expect(200);
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual(['free', 'bronze', 'silver', 'gold', 'platinum']);
    expect(res.body.items[3]).toMatchObject({ name: 'Gold', price: 840_000, pattern: '___-xx-xx' });
    expect(res.body.items.every((c: { available: number }) => c.available > 0)).toBe(true);
  });
});

describe('masks and patterns', () => {
  it('compiles masks over 7 or 9 digits with wildcards', () => {
    expect(compileMask('XXX-YY-YY')!('771112222')).toBe(true);
    expect(compileMask('XXX-YY-YY')!('771111111')).toBe(false);
    expect(compileMask('77-___-00-00')!('771230000')).toBe(true);
    expect(compileMask('77-___-00-00')!('201230000')).toBe(false);
    expect(compileMask('XY')).toBeNull();
    expect(compileMask('XXX-YY-Y!')).toBeNull();
  });

  it('recognises repeats, mirrors and sequences', () => {
    expect(matchesPattern('1237770', 'repeats')).toBe(true);
    expect(matchesPattern('1234455', 'repeats')).toBe(true);
    expect(matchesPattern('9871221', 'mirror')).toBe(true);
    expect(matchesPattern('1234321', 'mirror')).toBe(true);
    expect(matchesPattern('9054321', 'sequence')).toBe(true);
    expect(matchesPattern('9051357', 'sequence')).toBe(false);
  });
});
