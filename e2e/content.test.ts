import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import uz from '../locales/uz.json';
import type { NewsList, PointOfSaleList } from '../shared/api-types';
import { LANGUAGES, localizePath } from '../shared/languages';
import { collectProblems, newContext, waitForHydration, type Site, withSiteAndBrowser } from './support';

const TEXTS = CATALOGUES;
/** Samarkand (docs/domain.md): the nearest office must be one of the city's. */
const SAMARKAND = { latitude: 39.6542, longitude: 66.9597 };
const TILE_HOST = /^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\//;

let site: Site;
let browser: Browser;

withSiteAndBrowser({}, (started) => ({ site, browser } = started));

async function api<T>(path: string, lang = 'en'): Promise<T> {
  const res = await fetch(`${site.origin}/api/v1${path}`, { headers: { 'X-Language': lang } });
  return (await res.json()) as T;
}

/** Map tiles live on the internet; in tests they cannot load, as on a bad connection. */
async function withoutTiles(context: BrowserContext): Promise<void> {
  await context.route(TILE_HOST, (route) => route.abort());
}

/** Page problems other than the tile images the test itself made fail. */
function problemsBesideTiles(problems: string[]): string[] {
  return problems.filter((problem) => !problem.includes('Failed to load resource: net::ERR_FAILED'));
}

async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

async function sameDocument(page: Page): Promise<boolean | undefined> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument);
}

describe('news', () => {
  it('opens an item from the list by client-side navigation, without reloading the document', async () => {
    const { items } = await api<NewsList>('/news');
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/en/news`);
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole('link', { name: items[1].title }).click();
    await page.waitForURL(`${site.origin}/en/news/${items[1].slug}`);
    await page.getByRole('heading', { level: 1, name: items[1].title }).waitFor();
    expect(await page.title()).toContain(items[1].title);
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    expect(await sameDocument(page)).toBe(true);

    await page.getByRole('link', { name: en.news.backToList }).click();
    await page.getByRole('heading', { level: 1, name: en.pages.news.title }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pages through the list with its links, the title following the page', async () => {
    const second = await api<NewsList>('/news?page=2&pageSize=6', 'ru');
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/news`);
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole('navigation', { name: ru.news.pagination.label }).getByRole('link', { name: ru.news.pagination.next }).click();
    await page.waitForURL(`${site.origin}/news?page=2`);
    await page.getByRole('link', { name: second.items[0].title }).waitFor();
    expect(await page.title()).toContain('2');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/news\?page=2$/);
    expect(await sameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('points of sale', () => {
  it.each([
    ['ru', ru],
    ['uz', uz],
  ] as const)('names the map controls and the attribution in %s', async (lang, c) => {
    const context = await newContext(browser);
    await withoutTiles(context);
    const page = await context.newPage();
    await page.goto(`${site.origin}/${lang === 'ru' ? '' : `${lang}/`}pointsOfSale`);
    await waitForHydration(page);
    const map = page.getByRole('region', { name: c.pointsOfSale.map.label });
    await map.getByRole('button', { name: c.mapControls.zoomIn }).waitFor();
    expect(await map.getByRole('button', { name: c.mapControls.zoomOut }).count()).toBe(1);
    const attribution = map.locator('.leaflet-control-attribution');
    expect(await attribution.textContent()).toContain(c.mapControls.osmAttribution);
    expect(await attribution.getByRole('link', { name: 'Leaflet' }).getAttribute('title')).toBe(c.mapControls.leafletTitle);
    expect(await page.content()).not.toContain('A JavaScript library for interactive maps');
    const marker = map.locator('.leaflet-marker-icon').first();
    await marker.focus();
    await page.keyboard.press('Enter');
    expect(await map.locator('.leaflet-popup-close-button').getAttribute('aria-label')).toBe(c.mapControls.closePopup);
    await context.close();
  });

  it('shows a marker for every listed office while map tiles cannot load', async () => {
    const { items } = await api<PointOfSaleList>('/points-of-sale');
    const context = await newContext(browser);
    await withoutTiles(context);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/en/pointsOfSale`);
    await waitForHydration(page);
    const map = page.getByRole('region', { name: en.pointsOfSale.map.label });
    // Drawn a few per task, then every one of them.
    await page.waitForFunction((n) => document.querySelectorAll('.pos-map .leaflet-marker-icon').length === n, items.length);
    expect(await page.locator('.pos-card').count()).toBe(items.length);

    // A marker is a keyboard-reachable button named after its office; Enter opens its popup.
    const marker = map.getByRole('button', { name: items[0].name, exact: true });
    await marker.focus();
    await page.keyboard.press('Enter');
    await map.locator('.leaflet-popup').getByText(items[0].address).waitFor();
    expect(problemsBesideTiles(problems)).toEqual([]);
    await context.close();
  });

  it('filters by city and service with the form, map and list agreeing', async () => {
    const expected = await api<PointOfSaleList>('/points-of-sale?city=bukhara&service=identification');
    const context = await newContext(browser);
    await withoutTiles(context);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/en/pointsOfSale`);
    await waitForHydration(page);
    await page.getByRole('combobox', { name: en.pointsOfSale.filters.city, exact: true }).selectOption('bukhara');
    await page.getByRole('combobox', { name: en.pointsOfSale.filters.service, exact: true }).selectOption('identification');
    await page.getByRole('button', { name: en.pointsOfSale.filters.apply }).click();
    await page.waitForURL(/city=bukhara&service=identification/);
    await page.getByText(en.pointsOfSale.found.replace('{{number}}', String(expected.items.length))).waitFor();
    expect(await page.locator('.pos-card__name').allTextContents()).toEqual(expected.items.map((p) => p.name));
    await page.waitForFunction((n) => document.querySelectorAll('.pos-map .leaflet-marker-icon').length === n, expected.items.length);
    expect(problemsBesideTiles(problems)).toEqual([]);
    await context.close();
  });

  it('filters with the plain form when JavaScript is off', async () => {
    const expected = await api<PointOfSaleList>('/points-of-sale?city=samarkand', 'uz');
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/uz/pointsOfSale`);
    await page.getByRole('combobox', { name: uz.pointsOfSale.filters.city, exact: true }).selectOption('samarkand');
    await page.getByRole('button', { name: uz.pointsOfSale.filters.apply }).click();
    await page.waitForURL(/\/uz\/pointsOfSale\?city=samarkand/);
    expect(await page.locator('.pos-card__name').allTextContents()).toEqual(expected.items.map((p) => p.name));
    await context.close();
  });

  it('lists the nearest office first when the visitor shares a location', async () => {
    const nearest = await api<PointOfSaleList>(`/points-of-sale?lat=${SAMARKAND.latitude}&lon=${SAMARKAND.longitude}`);
    const context = await newContext(browser, { geolocation: SAMARKAND });
    await context.grantPermissions(['geolocation'], { origin: site.origin });
    await context.setGeolocation(SAMARKAND);
    await withoutTiles(context);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/en/pointsOfSale`);
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole('button', { name: en.pointsOfSale.nearest.button }).click();
    await page.waitForURL(/lat=39\.6542&lon=66\.9597/);
    await page.getByText(en.pointsOfSale.nearest.sorted).waitFor();
    const first = page.locator('.pos-card').first();
    expect(await first.locator('.pos-card__name').textContent()).toBe(nearest.items[0].name);
    expect(await first.textContent()).toContain('Samarkand');
    expect(await first.locator('.pos-card__distance').textContent()).toMatch(/^\d+\.\d km$/);
    await page.locator('.pos-map .pos-marker--origin').waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(problemsBesideTiles(problems)).toEqual([]);
    await context.close();
  });

  it('explains, in the page language, that the location was refused', async () => {
    const context = await newContext(browser);
    await context.clearPermissions();
    await withoutTiles(context);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/pointsOfSale`);
    await waitForHydration(page);
    await page.getByRole('button', { name: ru.pointsOfSale.nearest.button }).click();
    await page.getByRole('status').getByText(ru.pointsOfSale.nearest.denied).waitFor();
    expect(page.url()).toBe(`${site.origin}/pointsOfSale`);
    expect(await page.locator('.pos-card').count()).toBeGreaterThan(0);
    expect(problemsBesideTiles(problems)).toEqual([]);
    await context.close();
  });
});

describe('Oq Day', () => {
  it.each(LANGUAGES)('fits a 320 px web view in %s: no header, footer or navigation, no horizontal scroll', async (lang) => {
    const context = await newContext(browser, { viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}${localizePath('/oqDay', lang)}`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: TEXTS[lang].pages.oqDay.title }).waitFor();
    // The offers stream in from the API; the check is made once they are on the page.
    await page.locator('.oq-day-number').first().waitFor();
    await page.locator('.oq-day-offer').first().waitFor();
    expect(await page.locator('header.site-header, footer, nav').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => ({ href: (a as HTMLAnchorElement).href, target: (a as HTMLAnchorElement).target })));
    for (const link of hrefs) {
      expect(new URL(link.href).origin).toBe(site.origin);
      expect(link.target).toBe('');
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('about', () => {
  it('takes "Support Service" links to its support section', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/en/about#support`);
    await waitForHydration(page);
    const support = page.locator('main #support');
    await support.getByRole('heading', { name: en.about.support.title }).waitFor();
    expect(await support.getByRole('link', { name: '1100' }).getAttribute('href')).toBe('tel:1100');
    expect(problems).toEqual([]);
    await context.close();
  });
});
