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
/** With deposits on, as in production (createTestApp turns them off for the tests that bid). */
let withDeposits: TestApp;
beforeAll(() => {
  t = createTestApp();
  withDeposits = createTestApp({ AUCTION_DEPOSIT_PERCENT: '10' });
});
afterAll(() => {
  t.close();
  withDeposits.close();
});

/** The rules the lot page lists, as rendered on the server. */
async function rulesOf(app: TestApp, lang: 'en' | 'ru' | 'uz'): Promise<string[]> {
  const res = await request(app.app)
    .get(`${localizePath('/numbers', lang)}?lot=${LOT}`)
    .set('User-Agent', 'Mozilla/5.0 Chrome/150')
    .expect(200);
  const section = /<section class="card auction-rules"[\s\S]*?<\/section>/.exec(res.text)?.[0] ?? '';
  return [...section.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1]).trim());
}

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
    expect(lot.rules).toMatchObject({
      lateBidSeconds: 300,
      extendMaxSeconds: 24 * 3600,
      paymentWindowSeconds: 30 * 60,
      plainBidMaxSteps: 10,
      confirmAbove: 10_000_000,
    });
    const items = await rulesOf(t, lang);

    const uzs = (amount: number) => fill(formatUzs(amount, lang));
    expect(items).toEqual([
      fill(r.step, { amount: uzs(500_000) }),
      // Rule 9: a plain bid goes at most 10 steps (10 × 500,000) above the minimum; more is a maximum's.
      fill(r.plainBidCap, { amount: uzs(5_000_000), steps: 10 }),
      fill(r.late, { period: fill(c.auction.duration.minutes, { minutes: 5 }) }),
      // Rule 5: the cap on the extensions, and the latest the lot can end.
      fill(r.lateCap, { period: fill(c.auction.duration.hours, { hours: 24 }), time: formatTashkentTime(lot.rules.latestEndAt) }),
      // Rules 1 and 2: buy-now is a payment with its window, paid before it ends the lot; bids stay below it.
      fill(r.buyNow, { amount: uzs(90_000_000), period: fill(c.auction.duration.minutes, { minutes: 15 }) }),
      // Rule 4: the leader does not outbid themselves.
      fill(r.leader),
      fill(r.maximum),
      // Rule 3: a maximum bid against is raised only.
      fill(r.maximumFixed),
      // Rule 6: the premium window to pay, the next bidder's turn (an offer), and no more bids from one who did not pay.
      fill(r.pay, { period: fill(c.auction.duration.minutes, { minutes: 30 }) }),
      fill(r.unpaid.relist),
      fill(r.unpaidBarred),
      // Rule 7: a lapsed payment window bars the winner or buyer-now for AUCTION_DEFAULT_BAN_DAYS (30 days), not a runner-up.
      fill(r.banned, { period: fill(c.auction.duration.hours, { hours: 30 * 24 }) }),
    ]);
    // The figures are the API's: the same as the page's own formatting of its `rules`.
    expect(items[3]).toContain(formatPeriod(lot.rules.extendMaxSeconds * 1000, translate));
    expect(items[8]).toContain(formatPeriod(lot.rules.paymentWindowSeconds * 1000, translate));
  });

  it('states the deposit of a premium lot (rule 8) in the lot’s own figures: 10 % of its start price', async () => {
    const lot = (await request(withDeposits.app).get(`/api/v1/auctions/${LOT}`).expect(200)).body;
    expect(lot).toMatchObject({ depositAmount: 1_000_000, rules: { depositPercent: 10 } });
    const items = await rulesOf(withDeposits, lang);
    expect(items[5]).toBe(fill(r.deposit, { amount: fill(formatUzs(1_000_000, lang)), percent: 10 }));
    expect(items).toHaveLength(13);
  });
});
