import type { TFunction } from 'i18next';
import request from 'supertest';
import { CATALOGUES } from '../../../locales/catalogues';
import { formatUzs } from '../../../client/format';
import { formatPeriod, formatTashkentTime } from '../../../client/features/purchase/time-format';
import { localizePath } from '../../../shared/languages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { textOf } from '../../testing/test-html';

/**
 * The lot page states every rule the API keeps on bids (server/api/auctions/bid-rules.ts), in
 * the visitor's language, with the figures of the lot's own `rules` (issue 49): rendered on the
 * server, where people read it before they bid.
 */

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

/** lot-007: buy-now 90,000,000; its rules as the API states them with the default settings. */
const LOT = 'lot-007';

const fill = (text: string, params: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name])).replace(/\s+/g, ' ');

describe.each(['en', 'ru', 'uz'] as const)('the rules of a lot in %s', (lang) => {
  const c = CATALOGUES[lang];
  const r = c.auction.rules;
  const translate = ((key: string, params?: Record<string, number>) =>
    fill(key.split('.').reduce((node: unknown, part) => (node as Record<string, unknown>)[part], c) as string, params)) as TFunction;

  it('lists every rule, each with the figures of the API’s rules', async () => {
    const lot = (await request(t.app).get(`/api/v1/auctions/${LOT}`).expect(200)).body;
    expect(lot.rules).toMatchObject({ lateBidSeconds: 300, extendMaxSeconds: 24 * 3600, paymentWindowSeconds: 30 * 60 });
    const res = await request(t.app)
      .get(`${localizePath('/numbers', lang)}?lot=${LOT}`)
      .set('User-Agent', 'Mozilla/5.0 Chrome/150')
      .expect(200);
    const section = /<section class="card auction-rules"[\s\S]*?<\/section>/.exec(res.text)?.[0] ?? '';
    const items = [...section.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1]).trim());

    const uzs = (amount: number) => fill(formatUzs(amount, lang));
    expect(items).toEqual([
      fill(r.step, { amount: uzs(500_000) }),
      fill(r.late, { period: fill(c.auction.duration.minutes, { minutes: 5 }) }),
      // Rule 5: the cap on the extensions, and the latest the lot can end.
      fill(r.lateCap, { period: fill(c.auction.duration.hours, { hours: 24 }), time: formatTashkentTime(lot.rules.latestEndAt) }),
      // Rules 1 and 2: a bid at or over the buy-now price is a purchase at it; the minimum never above it.
      fill(r.buyNow, { amount: uzs(90_000_000) }),
      // Rule 4: the leader does not outbid themselves.
      fill(r.leader),
      fill(r.maximum),
      // Rule 3: a maximum bid against is raised only.
      fill(r.maximumFixed),
      // Rule 6: the premium window to pay, the next bidder's turn, and no more bids from one who did not pay.
      fill(r.pay, { period: fill(c.auction.duration.minutes, { minutes: 30 }) }),
      fill(r.unpaid.next_bidder),
      fill(r.unpaidBarred),
    ]);
    // The figures are the API's: the same as the page's own formatting of its `rules`.
    expect(items[2]).toContain(formatPeriod(lot.rules.extendMaxSeconds * 1000, translate));
    expect(items[7]).toContain(formatPeriod(lot.rules.paymentWindowSeconds * 1000, translate));
  });
});
