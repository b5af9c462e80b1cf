import request from 'supertest';
import type { NumberList } from '../../../shared/api-types';
import { API_MESSAGES } from '../messages';
import { openDatabase } from '../store/database';
import { createTestApi, type TestApi } from '../test-support/test-api';
import { dateRuns, parseDate } from './date-search';

describe('a date as visitors type it', () => {
  it.each([
    ['25.11.1990', { day: 25, month: 11, year: 1990 }],
    ['5/3/2001', { day: 5, month: 3, year: 2001 }],
    ['1990-11-25', { day: 25, month: 11, year: 1990 }],
    ['29.02.2024', { day: 29, month: 2, year: 2024 }],
  ])('reads %s', (text, date) => {
    expect(parseDate(text)).toEqual(date);
  });

  it.each([
    '31.02.1990',
    '29.02.2023',
    '31.04.2000',
    '00.01.2000',
    '12.13.2000',
    '01.01.3000',
    '01.01.1899',
    '25.11.90',
    'yesterday',
    '2511990',
    '',
  ])('refuses %p', (text) => {
    expect(parseDate(text)).toBeNull();
  });

  it('gives the runs longest first: DDMMYY, YYMMDD, DDMM, MMDD, YYYY', () => {
    expect(dateRuns({ day: 5, month: 3, year: 2001 })).toEqual([
      { form: 'DDMMYY', run: '050301' },
      { form: 'YYMMDD', run: '010305' },
      { form: 'DDMM', run: '0503' },
      { form: 'MMDD', run: '0305' },
      { form: 'YYYY', run: '2001' },
    ]);
  });
});

describe('the date search', () => {
  let t: TestApi;
  let forSale: Array<{ msisdn: string; category: string }>;
  beforeAll(() => {
    t = createTestApi({ demoNumbers: 20_000 });
    const db = openDatabase(t.dataDir);
    try {
      forSale = db.prepare("SELECT msisdn, category FROM numbers WHERE status = 'free' ORDER BY price, msisdn").all() as typeof forSale;
    } finally {
      db.close();
    }
  });
  afterAll(() => t.close());

  /** The reference: each free number under the longest form it holds, ranked by form, then price and number. */
  function reference(text: string, category?: string) {
    // The runs written out again here, not taken from the code under test.
    const [day, month, year] = text.split('.');
    const [dd, mm, yy] = [day.padStart(2, '0'), month.padStart(2, '0'), year.slice(2)];
    const runs = [
      { form: 'DDMMYY', run: dd + mm + yy },
      { form: 'YYMMDD', run: yy + mm + dd },
      { form: 'DDMM', run: dd + mm },
      { form: 'MMDD', run: mm + dd },
      { form: 'YYYY', run: year },
    ];
    const ranked: Array<{ number: string; form: string; order: number }> = [];
    forSale.forEach((n, order) => {
      if (category && n.category !== category) return;
      const at = runs.findIndex(({ run }) => n.msisdn.slice(-7).includes(run));
      if (at >= 0) ranked.push({ number: n.msisdn, form: runs[at].form, order: at * 1e6 + order });
    });
    ranked.sort((a, b) => a.order - b.order);
    return ranked.map(({ number, form }) => ({ number, dateForm: form }));
  }

  it('equals the plain reference over 1,000 random dates at 20,000 numbers: the page, its order, each form and the total', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let found = 0;
    for (let i = 0; i < 1000; i++) {
      const year = 1900 + Math.floor(random() * 200);
      const month = 1 + Math.floor(random() * 12);
      const day = 1 + Math.floor(random() * 28);
      const text = `${day}.${month}.${year}`;
      const category = i % 5 === 0 ? 'free' : undefined;
      const answer = await t.api.read('numbers', { lang: 'en', query: { date: text, pageSize: 10, ...(category ? { category } : {}) } });
      if (!answer.ok) throw new Error(`${text} answered ${answer.status}`);
      const list = answer.value as NumberList;
      const expected = reference(text, category);
      expect({ text, items: list.items.map((n) => ({ number: n.number, dateForm: n.dateForm })) }).toEqual({
        text,
        items: expected.slice(0, 10),
      });
      expect({ text, total: list.total }).toEqual({ text, total: Math.min(expected.length, 1000) });
      found += list.items.length;
    }
    expect(found).toBeGreaterThan(1000);
  });

  it('pages through the ranked list with its cursor, never repeating a number', async () => {
    const first = (await request(t.app).get('/api/v1/numbers?date=01.01.2000&pageSize=5').expect(200)).body as NumberList;
    const second = (await request(t.app).get(`/api/v1/numbers?date=01.01.2000&pageSize=5&cursor=${first.nextCursor}`).expect(200))
      .body as NumberList;
    const expected = reference('01.01.2000').slice(0, 10);
    expect([...first.items, ...second.items].map((n) => n.number)).toEqual(expected.map((n) => n.number));
  });

  it.each(['31.02.1990', '01.01.3000', 'letters'])(
    'answers the bad date %p with 400 naming the field, in three languages',
    async (date) => {
      for (const lang of ['ru', 'en', 'uz'] as const) {
        const res = await request(t.app).get('/api/v1/numbers').query({ date }).set('Accept-Language', lang).expect(400);
        expect(res.body.error).toMatchObject({ code: 'invalid_date', field: 'date', message: API_MESSAGES[lang].errors.invalidDate });
      }
    },
  );
});
