import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import {
  buildDecisionOnReturn,
  collectProblems,
  countDocumentLoads,
  launchBrowser,
  newContext,
  startSite,
  waitForBrowserServices,
  waitForHydration,
  waitUntil,
  type Site,
} from './support';
import { METRIKA_OPTIONS, METRIKA_SCRIPT_URL } from '../client/platform/analytics/metrika';
import { TAG_MANAGER_SCRIPT_URL } from '../client/platform/analytics/tag-manager';

const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(__dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'client', 'manifest.json'), 'utf8')) as {
  buildId: string;
  modules: Record<string, { file: string }>;
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('analytics that cannot reach their servers', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({
      FIREBASE_API_KEY: 'test-key',
      FIREBASE_AUTH_DOMAIN: '127.0.0.1:9',
      FIREBASE_PROJECT_ID: 'oq-test',
      FIREBASE_STORAGE_BUCKET: 'oq-test.appspot.com',
      FIREBASE_MESSAGING_SENDER_ID: '1234567890',
      FIREBASE_APP_ID: '1:1234567890:web:abcdef',
      FIREBASE_MEASUREMENT_ID: 'G-TESTTEST',
      GTM_ID: 'GTM-TEST123',
      METRIKA_ID: '12345678',
    });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('neither block nor break any page: failures are console messages only', async () => {
    const context = await newContext(browser);
    // Every third-party host is a dead loopback port: the connection is refused.
    await context.route(
      (url) => !url.href.startsWith(site.origin),
      (route) => route.abort('connectionrefused'),
    );
    const page = await context.newPage();
    const problems = collectProblems(page);
    for (const url of ['/en', '/en/news', '/uz/numbers', '/constructor', '/en/oqDay', '/pointsOfSale']) {
      expect((await page.goto(`${site.origin}${url}`))?.status()).toBe(200);
      await waitForHydration(page);
    }
    await page.goto(`${site.origin}/en/about`);
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'News' }).click();
    await page.waitForURL(`${site.origin}/en/news`);
    expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
    // The tag manager's data layer exists even though its script never arrived.
    expect(await page.evaluate(() => Array.isArray((window as unknown as { dataLayer?: unknown[] }).dataLayer))).toBe(true);
    await context.close();
  });

  // Issue 35 moved the three out of the start-up; the page they load on must still be counted.
  // Their scripts are stand-ins that record what the page had queued for them when they arrived:
  // Metrika's init (tag.js counts the page view from it) and the tag manager's start event (the
  // container's page-view trigger). Firebase's servers are unreachable; it must still start.
  it('still count the page they start on: the counter is initialised, the tag manager started, Firebase registers', async () => {
    const context = await newContext(browser);
    const firebaseHosts = new Set<string>();
    await context.route(
      (url) => !url.href.startsWith(site.origin),
      async (route) => {
        const url = route.request().url();
        if (url.startsWith(METRIKA_SCRIPT_URL))
          return route.fulfill({
            contentType: 'text/javascript',
            body: 'window.__metrika = Array.from(window.ym.a || [], (call) => Array.from(call));',
          });
        if (url.startsWith(TAG_MANAGER_SCRIPT_URL))
          return route.fulfill({
            contentType: 'text/javascript',
            body: 'window.__tagManager = JSON.parse(JSON.stringify(window.dataLayer));',
          });
        const { hostname } = new URL(url);
        if (hostname.includes('firebase')) firebaseHosts.add(hostname);
        return route.abort('connectionrefused');
      },
    );
    const page = await context.newPage();
    await page.goto(`${site.origin}/en/news`);
    await waitForHydration(page);
    await waitForBrowserServices(page);
    await page.waitForFunction(() => '__metrika' in window && '__tagManager' in window);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __metrika: unknown[][]; __tagManager: Record<string, unknown>[] };
      return { metrika: w.__metrika, tagManager: w.__tagManager };
    });
    expect(seen.metrika).toContainEqual([12345678, 'init', { ...METRIKA_OPTIONS }]);
    expect(seen.tagManager).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
    await waitUntil(() => firebaseHosts.has('firebaseinstallations.googleapis.com'), 'Firebase never asked for its installation');
    await context.close();
  });
});

describe('build updates and chunk failures', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('reloads at the next navigation once a new build id is published while a form holds typed input', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const loads = countDocumentLoads(page);
    await page.goto(`${site.origin}/en/numbers`);
    await waitForHydration(page);
    await waitForBrowserServices(page);
    expect(loads.count).toBe(1);
    // Typed and not sent: coming back to the tab must not throw it away.
    await page.getByRole('textbox', { name: 'Ends with' }).fill('77');

    await page.route('**/latest.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ buildId: 'a-newer-build' }) }),
    );
    // Coming back to the tab checks for a new build.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForSelector('html[data-new-build="a-newer-build"]');
    expect(loads.count).toBe(1);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'News' }).click();
    await page.waitForURL(`${site.origin}/en/news`);
    await page.waitForLoadState('load');
    await waitForHydration(page);
    expect(loads.count).toBe(2);
    await context.close();
  });

  it('keeps navigating on the client while the build is unchanged', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const loads = countDocumentLoads(page);
    await page.goto(`${site.origin}/en/about`);
    await waitForHydration(page);
    expect(await (await fetch(`${site.origin}/latest.json`)).json()).toEqual({ buildId: manifest.buildId });
    expect(await buildDecisionOnReturn(page)).toBe('no-new-build');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'News' }).click();
    await page.waitForURL(`${site.origin}/en/news`);
    expect(loads.count).toBe(1);
    await context.close();
  });

  it('reloads once when a page chunk fails to load, then shows the error page instead of looping', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const loads = countDocumentLoads(page);
    const documents = { count: 0 };
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.count += 1;
    });
    const aboutChunk = manifest.modules['client/pages/about/route.tsx'].file;
    await page.goto(`${site.origin}/en/news`);
    await waitForHydration(page);
    // The document (1 before the reload, 2 after it) in which each load of the chunk failed.
    const failedIn: number[] = [];
    await page.route(`**${aboutChunk}`, (route) => {
      failedIn.push(documents.count);
      return route.abort('failed');
    });

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About' }).click();
    await page.waitForURL(`${site.origin}/en/about`);
    await page.getByRole('heading', { level: 1, name: 'Internal Server Error' }).waitFor();
    expect(await page.getByRole('link', { name: 'Try Again' }).isVisible()).toBe(true);
    // The chunk failed before the reload and again after it. The page decides whether to reload
    // before it lets the error through (client/platform/chunk-reload.ts), so with the error page
    // on screen that decision has been taken, and it was not to reload again.
    expect(failedIn[0]).toBe(1);
    expect(failedIn.at(-1)).toBe(2);
    expect(loads.count).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at'))).toMatch(/^\d+$/);
    await context.close();
  });
});
