/**
 * The import point of the browser tests' helpers: the site under test (started here) and, re-exported,
 * the browser (browser.ts), page checks (page-checks.ts), waits (page-waits.ts) and render counts
 * (render-counts.ts).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { createTestApp, type TestApp } from '../server/testing/test-app';
import { launchBrowser } from './browser';

export * from './browser';
export * from './page-checks';
export * from './page-waits';
export * from './render-counts';

export interface Site extends TestApp {
  origin: string;
  server: Server;
  stop(): Promise<void>;
}

/** The whole site (pages and embedded API) on 127.0.0.1 and a free port, on a fresh store. */
/**
 * Every browser of the suite comes from 127.0.0.1, while a journey's visitors stand for different
 * people: the premium numbers' limit without a phone (one per address) would make the second
 * visitor to book gold anywhere in a file ask for the SMS step. Its own tests are route tests
 * (anonymous-premium-holds.test.ts); a file may set it back in `env`.
 */
const ONE_ADDRESS_FOR_EVERY_VISITOR = {
  LIMIT_ANONYMOUS_PREMIUM_HOLDS_PER_ADDRESS: '1000',
  LIMIT_ANONYMOUS_PREMIUM_HOLDS_PER_NETWORK: '1000',
};

export async function startSite(env: Record<string, string> = {}, routes?: RouteObject[]): Promise<Site> {
  const base = createTestApp({ HOST: '127.0.0.1', ...ONE_ADDRESS_FOR_EVERY_VISITOR, ...env }, routes ? { routes } : {});
  const server = await new Promise<Server>((resolve) => {
    const s = base.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...base,
    origin: `http://127.0.0.1:${port}`,
    server,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      base.close();
    },
  };
}

/**
 * The site and the browser a test file shares: started before its first test, stopped after its
 * last. `ready` hands them to the file's own variables, e.g.
 * `withSiteAndBrowser({}, (started) => ({ site, browser } = started));`
 */
export function withSiteAndBrowser(env: Record<string, string>, ready: (started: { site: Site; browser: Browser }) => void): void {
  const started: { site?: Site; browser?: Browser } = {};
  beforeAll(async () => {
    const site = (started.site = await startSite(env));
    const browser = (started.browser = await launchBrowser());
    ready({ site, browser });
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.site?.stop();
  });
}

/** The slug of the newest news item, from the site's own API. */
export async function newestNewsSlug(site: Site): Promise<string> {
  const res = await fetch(`${site.origin}/api/v1/news`);
  return ((await res.json()) as { items: { slug: string }[] }).items[0].slug;
}

/** The first lot of the auction that is taking bids, from the site's own API. */
export async function activeLot(site: Site): Promise<{ id: string; endsAt: string }> {
  const res = await fetch(`${site.origin}/api/v1/auctions`);
  const { items } = (await res.json()) as { items: { id: string; status: string; endsAt: string }[] };
  const lot = items.find((item) => item.status === 'active');
  if (!lot) throw new Error('the auction has no active lot');
  return lot;
}
