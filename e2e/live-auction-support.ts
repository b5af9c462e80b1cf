import type { Browser, Page } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import { localizePath, type Language } from '../shared/languages';
import { solvedSmsChallenge } from '../server/api/test-support/sms-challenge';
import { BROWSER_LOCALES as LOCALES, collectProblems, newContext, waitForHydration, withSiteAndBrowser, type Site } from './support';

/** Test support for live-auction.test.ts and live-auction-fallback.test.ts: visitors bidding on a lot. */

export const TEXTS = CATALOGUES;
export type Texts = (typeof TEXTS)[Language];

let site: Site;
let browser: Browser;
let phoneSeq = 2000000;

/** The file's site and browser, handed to `ready` as well. */
export function withAuctionSite(ready: (started: { site: Site; browser: Browser }) => void): void {
  // Every visitor here confirms a phone of their own, all from one address: more than the
  // default ten phones an hour one client may have codes sent to.
  withSiteAndBrowser({ LIMIT_SMS_PHONES_PER_HOUR: '100' }, (started) => {
    ({ site, browser } = started);
    ready(started);
  });
}

export const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/**
 * A visitor on the lot page on a controlled clock: the page's 20-second refresh never runs
 * unless the test moves the clock, so whatever changes on screen came through the stream.
 */
export async function visitor(lang: Language, lot: string, on: Site = site) {
  const c = TEXTS[lang];
  const context = await newContext(browser, { locale: LOCALES[lang] });
  const page = await context.newPage();
  const problems = collectProblems(page);
  // What the page received about the lot, in order: its live stream opened or refused, and each
  // read of the lot itself (the only other way a rival's bid can reach the page).
  const traffic: ('stream' | 'refused' | 'read')[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname === `/api/v1/auctions/${lot}/events`) traffic.push(response.ok() ? 'stream' : 'refused');
    else if (pathname === `/api/v1/auctions/${lot}` && response.request().method() === 'GET') traffic.push('read');
  });
  await page.clock.install({ time: Date.now() });
  await page.goto(`${on.origin}${localizePath('/numbers', lang)}?lot=${lot}`);
  await waitForHydration(page);
  await page.getByRole('textbox', { name: c.purchase.phone.label }).fill(`+998 90 ${++phoneSeq}`);
  await page.getByRole('button', { name: c.purchase.phone.send }).click();
  // The sixth digit confirms the code by itself.
  await page.getByRole('textbox', { name: c.purchase.phone.codeLabel }).fill('123456');
  await page.locator('main').getByText(c.purchase.phone.confirmed).waitFor();
  return { context, page, problems, traffic };
}

const LOT_PRICE = '.auction-lot__facts .facts__main';
export const currentBid = (page: Page) => page.locator(LOT_PRICE);

/** Waits until the lot page shows `amount` as its current price (through the stream: no reload). */
export async function lotPriceShown(page: Page, amount: number) {
  await page.waitForFunction(
    ([selector, expected]) => document.querySelector(selector)?.textContent?.replace(/\D/g, '') === String(expected),
    [LOT_PRICE, amount] as const,
  );
}

/**
 * Confirms the amount the lot page shows back for review (a bid or a maximum above the API's
 * `rules.confirmAbove`, or three times the price), once it says that very amount.
 */
export async function confirmReview(page: Page, c: Texts, kind: 'confirmBid' | 'confirmMax', amount: number) {
  const [before, after] = c.auction.review[kind].split('{{amount}}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const button = page.getByRole('button', { name: new RegExp(`^${before}.+${after}$`) });
  expect(digits(await button.textContent())).toBe(amount);
  await button.click();
}

/** Bids `amount`, confirming it when the page shows it back for review (`review`: an amount the API's rules call large). */
export async function bid(page: Page, c: Texts, amount: number, { review = false }: { review?: boolean } = {}) {
  await page.getByRole('textbox', { name: c.auction.amountLabel }).fill(String(amount));
  await page.getByRole('button', { name: c.auction.placeBid }).click();
  if (review) await confirmReview(page, c, 'confirmBid', amount);
  await page.locator('main').getByText(c.auction.highest, { exact: true }).waitFor();
}

/** Another bidder, straight through the site's API: confirms `phone` by SMS, then bids when asked. */
export async function apiBidder(origin: string, phone: string): Promise<(lotId: string, amount: number) => Promise<unknown>> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}/api/v1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const { challengeId } = (await post('/auth/sms', { phone, altcha: await solvedSmsChallenge(origin, phone) })) as { challengeId: string };
  const { authToken } = (await post('/auth/sms/verify', { phone, code: '123456', challengeId })) as { authToken: string };
  return (lotId, amount) => post(`/auctions/${lotId}/bids`, { amount }, { Authorization: `Bearer ${authToken}` });
}
