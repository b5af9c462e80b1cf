import type { Browser } from 'playwright-core';
import { activeLot, collectProblems, newContext, newestNewsSlug, waitForHydration, withSiteAndBrowser, type Site } from './support';

/**
 * Pages from the page store, as Chromium runs them: the stored page's CSP allows its inline
 * scripts by their hashes (no nonce), so the page runs, streams its late parts and hydrates with
 * no CSP violation, exactly as the freshly rendered page does.
 */

let site: Site;
let browser: Browser;
withSiteAndBrowser({ PAGE_CACHE_SECONDS: '30' }, (started) => ({ site, browser } = started));

describe('a stored page in Chromium', () => {
  it('runs and hydrates under its CSP of hashes, with no violation, in every language', async () => {
    const lot = (await activeLot(site)).id;
    const slug = await newestNewsSlug(site);
    const paths = [
      '/',
      '/en/numbers?category=gold',
      `/uz/numbers?lot=${lot}`,
      `/uz-cyrl/news/${slug}`,
      '/en/pointsOfSale',
      '/ru/constructor',
    ];
    const context = await newContext(browser);
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const page = await context.newPage();
    const problems = collectProblems(page);
    try {
      for (const path of paths) {
        // The first visit renders and stores the page; the second is the stored page.
        await page.goto(`${site.origin}${path}`);
        await waitForHydration(page);
        const stored = await page.goto(`${site.origin}${path}`);
        expect(stored?.headers()['x-page-cache']).toBe('HIT');
        const policy = stored?.headers()['content-security-policy'] ?? '';
        expect(policy).toMatch(/script-src 'self' 'sha256-/);
        expect(policy).not.toContain('nonce-');
        await waitForHydration(page);
        expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
