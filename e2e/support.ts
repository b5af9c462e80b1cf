import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { createTestApp, type TestApp } from '../server/testing/test-app';
import { BUILD_DECISION_EVENT } from '../client/platform/build-updates';
import type { Language } from '../shared/languages';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_MISSING = 'Chromium is missing: install it once with apt-get install -y chromium';

export interface Site extends TestApp {
  origin: string;
  server: Server;
  stop(): Promise<void>;
}

/** The whole site (pages and embedded API) on 127.0.0.1 and a free port, on a fresh store. */
export async function startSite(env: Record<string, string> = {}, routes?: RouteObject[]): Promise<Site> {
  const base = createTestApp({ HOST: '127.0.0.1', ...env }, routes ? { routes } : {});
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

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      // This machine has no internet: keep Chromium from calling home.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
    ],
  });
}

function isLoopback(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Everything a page reports as an error: console errors and warnings, uncaught exceptions.
 * A third-party resource refused by the test's closed network (map tiles) is not the page's fault.
 */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const source = message.location().url;
    if (/^Failed to load resource/.test(message.text()) && source && !isLoopback(source)) return;
    problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Text to match literally inside a RegExp (a label with dots, brackets or a plus). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Counts full document loads of the main frame (a client-side navigation is not one). */
export function countDocumentLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on('load', () => {
    loads.count += 1;
  });
  return loads;
}

/**
 * Brings the tab back into view (a `visibilitychange`) and answers what the page decided about a
 * new build: 'reload', or why not ('no-new-build', 'unsaved-input', 'already-reloaded'). The
 * page announces its decision (client/platform/build-updates.ts), so a test that expects no
 * reload knows the page has looked, instead of sleeping and seeing nothing happen.
 * The check listens once the browser services have started, so this waits for them first; a page
 * that still announces nothing fails the test here, saying so, instead of as a jest timeout.
 */
export async function buildDecisionOnReturn(page: Page, timeoutMs = 10_000): Promise<string> {
  await waitForBrowserServices(page);
  const decision = page.evaluate(
    (eventName) =>
      new Promise<string>((resolve) => {
        document.addEventListener(eventName, (event) => resolve(String((event as CustomEvent<string>).detail)), { once: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }),
    BUILD_DECISION_EVENT,
  );
  // Bounded from Node, not by a timer in the page, which Playwright's clock would hold still.
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page announced no build decision ${timeoutMs} ms after the tab came back`)), timeoutMs);
  });
  try {
    return await Promise.race([decision, silence]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits (at most `timeoutMs`) for something the test observes from Node, such as a response the
 * browser received, and fails with `what` when it never comes, instead of as a jest timeout.
 */
export async function waitUntil(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} (waited ${timeoutMs} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Holds the page's requests to `url` (a `page.route` pattern) until `release()`: a test makes
 * something happen before the page hears of it. `asked` settles when the first one arrives.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => void; asked: Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = () => {};
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(url, async (route) => {
    requested();
    await held;
    await route.continue();
  });
  return { release, asked };
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15000 });
}

/**
 * After a click that navigates within the app: the new URL, then the new page's own heading.
 * react-router changes the URL as the navigation commits, and React draws the new page after it
 * (a transition): until then locators still match the old page, whose fields some pages share
 * (the phone's SMS step is on /numbers and on identification alike).
 */
export async function waitForPage(page: Page, url: RegExp | string, heading: string): Promise<void> {
  await page.waitForURL(url);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

/**
 * The page's browser services (the new-build checks, the colour scheme's listener, analytics)
 * have started: they load once the browser is idle after hydration (client/framework/start.tsx), so a test
 * that brings the tab back or moves the clock for them waits for this first.
 */
export async function waitForBrowserServices(page: Page): Promise<void> {
  await page.waitForSelector('html[data-services="started"]', { state: 'attached', timeout: 15000 });
}

/** The browser's locale a visitor of each language has. */
export const BROWSER_LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US', uz: 'uz-UZ', 'uz-cyrl': 'uz-Cyrl-UZ' };

/**
 * `E2E_CPU_SLOWDOWN=4`: every page of the run gets Chromium's CPU throttling (as DevTools' "4x
 * slowdown"). A tool for hunting render-order races, which otherwise show once in many runs on a
 * busy machine: a test that reads a state at once, where the page commits it a moment later,
 * fails here within a few runs. Unset (the default) or 1, the pages run at full speed.
 */
function cpuSlowdown(): number {
  const raw = process.env.E2E_CPU_SLOWDOWN;
  if (raw === undefined || raw === '') return 1;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`E2E_CPU_SLOWDOWN must be a number of 1 or more, not "${raw}"`);
  return rate;
}

/** A fresh browser profile whose requests never leave this machine (off-machine ones are refused). */
export async function newContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'ru-RU', ...options });
  await context.route(
    (url) => !isLoopback(url.href),
    (route) => route.abort('connectionrefused'),
  );
  const rate = cpuSlowdown();
  if (rate > 1) {
    context.on('page', (page) => {
      void context
        .newCDPSession(page)
        .then((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate }))
        .catch(() => {
          // The page closed before its session opened: nothing left to slow down.
        });
    });
  }
  return context;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's violations on the page, or only within the elements `within` selects, each as one
 * readable line; `serious` keeps only the serious and critical ones. The site's CSP would refuse
 * the injected checker, so a test context that runs it bypasses the CSP (tests only).
 */
export async function axeViolations(
  page: Page,
  { within, serious = false }: { within?: string; serious?: boolean } = {},
): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(selector ? { include: [[selector]] } : document, { resultTypes: ['violations'] });
    return result.violations;
  }, within ?? null);
  return violations
    .filter((v) => !serious || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** What `countRendersOnTicks` has seen so far on a page. */
export interface TickRenders {
  /** Renders of the watched elements, in any commit. */
  renders: number;
  /** Commits that changed the text of the page's first `[role="timer"]`. */
  ticks: number;
  /** Renders of the watched elements in those commits. */
  rendersOnTicks: number;
}

/**
 * Counts, for every page of `context`, through React's DevTools hook (which React calls after
 * every commit, production builds included), the renders of the elements `selector` matches, and
 * those made in commits that changed the countdown's text (`[role="timer"]`). An element was
 * rendered again when its fiber holds a new props object: the component that draws it ran and
 * made a new element. A fiber React only copied on its way to an update elsewhere keeps the same
 * props. Read with `rendersOnTicks(page)`.
 */
export async function countRendersOnTicks(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript((watched: string) => {
    type Fiber = { child: Fiber | null; sibling: Fiber | null; stateNode: unknown; memoizedProps: unknown };
    const seen = new WeakMap<object, object>();
    const counts = { renders: 0, ticks: 0, rendersOnTicks: 0 };
    let rendered = 0;
    let shown: string | null = null;
    const walk = (fiber: Fiber | null) => {
      for (let node = fiber; node; node = node.sibling) {
        const element = node.stateNode;
        if (element instanceof Element && element.matches(watched)) {
          if (seen.has(element) && seen.get(element) !== node.memoizedProps) rendered += 1;
          seen.set(element, node.memoizedProps as object);
        }
        walk(node.child);
      }
    };
    let renderers = 0;
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => ++renderers,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        rendered = 0;
        walk(root.current);
        counts.renders += rendered;
        const text = document.querySelector('[role="timer"]')?.textContent ?? null;
        if (shown !== null && text !== null && text !== shown) {
          counts.ticks += 1;
          counts.rendersOnTicks += rendered;
        }
        shown = text;
      },
    };
    (window as unknown as { __tickRenders: typeof counts }).__tickRenders = counts;
  }, selector);
}

/** The counts `countRendersOnTicks` keeps for `page`. */
export function rendersOnTicks(page: Page): Promise<TickRenders> {
  return page.evaluate(() => ({ ...(window as unknown as { __tickRenders: TickRenders }).__tickRenders }));
}

/** Waits until `countRendersOnTicks` has seen the watched elements rendered more than `count` times. */
export async function rendersSeenAbove(page: Page, count: number): Promise<void> {
  await page.waitForFunction((above) => (window as unknown as { __tickRenders: TickRenders }).__tickRenders.renders > above, count);
}

/**
 * Moves the page's paused clock (`page.clock.pauseAt`) one second at a time, `seconds` times,
 * each time waiting until the first `[role="timer"]` shows another text. Returns what
 * `countRendersOnTicks` counted meanwhile: the commits that changed the timer's text, and the
 * watched elements' renders in them.
 */
export async function rendersOverTicks(page: Page, seconds: number): Promise<Omit<TickRenders, 'renders'>> {
  const timer = page.getByRole('timer').first();
  const before = await rendersOnTicks(page);
  for (let tick = 0; tick < seconds; tick++) {
    const shown = await timer.textContent();
    await page.clock.runFor(1_000);
    await page.waitForFunction((text) => document.querySelector('[role="timer"]')?.textContent !== text, shown);
  }
  const after = await rendersOnTicks(page);
  return { ticks: after.ticks - before.ticks, rendersOnTicks: after.rendersOnTicks - before.rendersOnTicks };
}
