import request from 'supertest';
import { CATALOGUES } from '../../../locales/catalogues';
import { formatDate } from '../../../client/format';
import { LANGUAGES, localizePath, type Language } from '../../../shared/languages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { textOf } from '../../testing/test-html';
import { fakeDateOnly } from '../../../shared/testing/fake-date';

/**
 * A stored page is true at every minute it is served (issue 61): the page store keeps a lot's
 * page and the lots of /numbers until a lot opens or closes, hours on end. Served ten minutes
 * after its render, such a page holds no text that was true only then: no time left, no
 * `serverTime` for the browser to count from; each lot's end is named in Tashkent time, in a
 * `<time>` with the instant, and the browser counts down to it after hydration.
 *
 * The clock is the test's: only `Date` is faked, before the app is made, so the embedded API,
 * its seed and the page store all read it; timers and the event loop run as ever.
 */

const T0 = Date.parse('2026-11-28T01:54:00.000Z');
const TEN_MINUTES = 10 * 60_000;

let t: TestApp;
beforeAll(() => {
  fakeDateOnly(T0);
  t = createTestApp({ PAGE_CACHE_SECONDS: '30' });
});
afterAll(() => {
  t.close();
  jest.useRealTimers();
});

interface Lot {
  id: string;
  formatted: string;
  endsAt: string;
}

/** Any time left the site writes, in the language (auction.duration's patterns with their figures). */
function timeLeftPattern(lang: Language): RegExp {
  const d = CATALOGUES[lang].auction.duration;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const figures = [d.daysHours, d.hoursMinutes, d.minutesSeconds].map((text) => escape(text).replace(/\\\{\\\{\w+\\\}\\\}/g, '\\d+'));
  return new RegExp(figures.join('|'));
}

/** The text of the page's `<time>` of `lot`'s end that holds nothing else (React writes the attribute `dateTime`). */
function endOf(html: string, lot: Lot): string | null {
  const found = new RegExp(`<time datetime="${lot.endsAt}">([^<]*)</time>`, 'i').exec(html);
  return found ? textOf(found[1]) : null;
}

describe.each(LANGUAGES)('lot pages served from the page store ten minutes after their render, in %s', (lang) => {
  const c = CATALOGUES[lang].auction;
  let lots: Lot[];
  const pages: Record<string, { rendered: string; served: string; cache: string }> = {};

  beforeAll(async () => {
    jest.setSystemTime(T0);
    lots = (await request(t.app).get('/api/v1/auctions?status=active').expect(200)).body.items;
    const paths = [localizePath('/numbers', lang), ...lots.map((lot) => `${localizePath('/numbers', lang)}?lot=${lot.id}`)];
    for (const path of paths) {
      const rendered = await request(t.app).get(path).set('User-Agent', 'Mozilla/5.0 Chrome/150').expect(200);
      pages[path] = { rendered: rendered.text, served: '', cache: '' };
    }
    jest.setSystemTime(T0 + TEN_MINUTES);
    for (const path of paths) {
      const served = await request(t.app).get(path).set('User-Agent', 'Mozilla/5.0 Chrome/150').expect(200);
      pages[path].served = served.text;
      pages[path].cache = String(served.headers['x-page-cache']);
    }
  });

  it('serves the stored pages as they were rendered, with a lot ending in hours among them', async () => {
    expect(lots.length).toBeGreaterThan(1);
    expect(lots.some((lot) => Date.parse(lot.endsAt) - T0 < 7 * 3600_000)).toBe(true);
    for (const page of Object.values(pages)) {
      expect(page.cache).toBe('HIT');
      expect(page.served).toBe(page.rendered);
    }
    // The API's clock has moved on: what the server says now is ten minutes later.
    const now = (await request(t.app).get(`/api/v1/auctions/${lots[0].id}`).expect(200)).body.serverTime;
    expect(now).toBe(new Date(T0 + TEN_MINUTES).toISOString());
  });

  it('names every lot’s end in Tashkent time on /numbers, with no time left and no server time', () => {
    const html = pages[localizePath('/numbers', lang)].served;
    for (const lot of lots) {
      expect(endOf(html, lot)).toBe(c.endsBy.replace('{{time}}', formatDate(lot.endsAt, lang, { tashkentTime: true })));
    }
    expect(textOf(html)).not.toMatch(timeLeftPattern(lang));
    expect(html).not.toContain('serverTime');
  });

  it('names the lot’s end in Tashkent time on its own page, with no time left and no server time', () => {
    for (const lot of lots) {
      const html = pages[`${localizePath('/numbers', lang)}?lot=${lot.id}`].served;
      expect(textOf(html)).toContain(lot.formatted);
      expect(endOf(html, lot)).toBe(c.endsBy.replace('{{time}}', formatDate(lot.endsAt, lang, { tashkentTime: true })));
      expect(textOf(html)).not.toMatch(timeLeftPattern(lang));
      expect(html).not.toContain('serverTime');
    }
  });
});

describe("the footer's year, across the new year in Tashkent", () => {
  const NEW_YEAR = Date.parse('2026-12-31T19:00:00.000Z'); // midnight in Tashkent
  const browser = (path: string) => request(t.app).get(path).set('User-Agent', 'Mozilla/5.0 Chrome/150').expect(200);
  const rights = (html: string) => /© (\d{4}) Oq/.exec(textOf(html))?.[1];

  it('is the year in Tashkent at the render, and no stored page outlives it', async () => {
    jest.setSystemTime(NEW_YEAR - 2 * 60_000);
    expect(rights((await browser('/en/about')).text)).toBe('2026');
    const again = await browser('/en/about');
    expect(again.headers['x-page-cache']).toBe('HIT');
    // The browser's hydration reads the render's year, not its own clock.
    expect(again.text).toContain('"year":2026');
    jest.setSystemTime(NEW_YEAR + 1000);
    const after = await browser('/en/about');
    expect(after.headers['x-page-cache']).not.toBe('HIT');
    expect(rights(after.text)).toBe('2027');
    expect(after.text).toContain('"year":2027');
  });
});
