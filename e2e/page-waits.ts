/**
 * Waiting in a browser test for what the page does next (hydration, a navigation's new page, the
 * browser services, a build decision) or for something seen from Node, failing with a message
 * rather than as a jest timeout; and holding a page's requests back meanwhile.
 */
import type { Page } from 'playwright-core';
import { BUILD_DECISION_EVENT } from '../client/platform/build-updates';
import { cpuSlowdown } from './browser';

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
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15000 * cpuSlowdown() });
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
 * have started: they load once the browser is idle after hydration (client/app/start.tsx), so a test
 * that brings the tab back or moves the clock for them waits for this first.
 */
export async function waitForBrowserServices(page: Page): Promise<void> {
  await page.waitForSelector('html[data-services="started"]', { state: 'attached', timeout: 15000 * cpuSlowdown() });
}
