import request from 'supertest';
import {
  cheapestFreeNumber,
  freeNumber,
  holdNumber,
  openLot,
  placeBid,
  repriceTariff,
  retitleNewestNews,
} from '../../testing/store-writes';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The page store renders a page once per change of what it shows: a change of each kind is on
 * the next request of every page that shows it, and no other page is rendered again. The changes
 * are written through a second connection to the store, as another process would write them.
 */

let t: TestApp;
let lot: string;
let pages: Record<string, string>;

beforeAll(() => {
  t = createTestApp({ PAGE_CACHE_SECONDS: '30' });
  lot = openLot(t.dataDir);
  pages = {
    home: '/en',
    numbers: '/en/numbers',
    gold: '/en/numbers?category=gold',
    lot: `/en/numbers?lot=${lot}`,
    news: '/en/news',
    tariffs: '/en/specificTariffs',
    points: '/en/pointsOfSale',
    about: '/en/about',
    constructor: '/en/constructor',
  };
});
afterAll(() => {
  t.close();
});

/** Each page once: which were rendered (MISS) rather than served as stored (HIT), and every body. */
async function visitAll(): Promise<{ rendered: string[]; bodies: Record<string, string> }> {
  const rendered: string[] = [];
  const bodies: Record<string, string> = {};
  for (const [name, path] of Object.entries(pages)) {
    const res = await request(t.app).get(path).expect(200);
    if (res.headers['x-page-cache'] === 'MISS') rendered.push(name);
    else expect(res.headers['x-page-cache']).toBe('HIT');
    bodies[name] = res.text;
  }
  return { rendered, bodies };
}

/** A phone number as the page may write it: its digits with any separators between them. */
const shown = (msisdn: string) => new RegExp(msisdn.slice(4).split('').join('[^0-9<>]{0,3}'));

describe('a change in the store', () => {
  beforeAll(async () => {
    await visitAll();
  });

  it('renders nothing again while nothing changes', async () => {
    expect((await visitAll()).rendered).toEqual([]);
  });

  it('a news item: on the next request of the home page and the news, and nothing else rendered', async () => {
    retitleNewestNews(t.dataDir, 'A changed title');
    const { rendered, bodies } = await visitAll();
    expect(rendered).toEqual(['home', 'news']);
    expect(bodies.home).toContain('A changed title');
    expect(bodies.news).toContain('A changed title');
  });

  it("a tariff's price: on the pages that offer tariffs", async () => {
    repriceTariff(t.dataDir, 1, 123456);
    const { rendered, bodies } = await visitAll();
    expect(rendered).toEqual(['home', 'numbers', 'gold', 'tariffs']);
    expect(bodies.tariffs).toMatch(/123[\s,.\u00a0\u202f]456/);
  });

  it('a bid: on its lot and on the lists that show the auctions, not on a page of tariffs or news', async () => {
    placeBid(t.dataDir, lot, 987_000_000);
    const { rendered, bodies } = await visitAll();
    expect(rendered).toEqual(['numbers', 'gold', 'lot']);
    expect(bodies.lot).toMatch(/987[\s,.\u00a0\u202f]000[\s,.\u00a0\u202f]000/);
  });

  it('a number held, then freed: off the search and back, each on the next request', async () => {
    const before = (await visitAll()).bodies;
    const msisdn = cheapestFreeNumber(t.dataDir, 'gold');
    expect(before.gold).toMatch(shown(msisdn));
    holdNumber(t.dataDir, msisdn, Date.now() + 600_000);
    const held = await visitAll();
    expect(held.rendered).toEqual(['home', 'numbers', 'gold']);
    expect(held.bodies.gold).not.toMatch(shown(msisdn));
    freeNumber(t.dataDir, msisdn);
    const freed = await visitAll();
    expect(freed.rendered).toEqual(['home', 'numbers', 'gold']);
    expect(freed.bodies.gold).toMatch(shown(msisdn));
  });

  it('a hold that lapses by the clock, with no write: the search shows the number again at its end', async () => {
    const msisdn = cheapestFreeNumber(t.dataDir, 'gold');
    const end = Date.now() + 1500;
    holdNumber(t.dataDir, msisdn, end);
    expect((await visitAll()).bodies.gold).not.toMatch(shown(msisdn));
    // Past the hold's end (the only thing that moves).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, end - Date.now()) + 50));
    const lapsed = await visitAll();
    expect(lapsed.rendered).toEqual(['home', 'numbers', 'gold']);
    expect(lapsed.bodies.gold).toMatch(shown(msisdn));
  });

  it("keeps a visitor's own state out of the stored page: the same bytes whatever the visitor sends", async () => {
    const plain = await request(t.app).get('/en/numbers?category=gold').expect(200);
    const withTokens = await request(t.app)
      .get('/en/numbers?category=gold')
      .set('Cookie', 'i18next=uz; theme=dark')
      .set('Authorization', 'Bearer x.y.z')
      .set('Accept-Language', 'uz')
      .expect(200);
    expect(withTokens.headers['x-page-cache']).toBe('HIT');
    expect(withTokens.text).toBe(plain.text);
  });
});
