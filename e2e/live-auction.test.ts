import type { Browser, Page } from 'playwright-core';
import { formatUzs } from '../client/format';
import uz from '../locales/uz.json';
import { localizePath } from '../shared/languages';
import { API_MESSAGES } from '../server/api/messages';
import {
  activeLot,
  BROWSER_LOCALES as LOCALES,
  collectProblems,
  holdRequests,
  countRendersOnTicks,
  newContext,
  rendersOverTicks,
  rendersSeenAbove,
  waitForHydration,
  type Site,
} from './support';
import { apiBidder, bid, confirmReview, currentBid, digits, lotPriceShown, TEXTS, visitor, withAuctionSite } from './live-auction-support';

/** Two visitors on one lot: each sees the other's bid as it happens, through the lot's live stream. */

let site: Site;
let browser: Browser;
withAuctionSite((started) => ({ site, browser } = started));

// The journey once, in Russian; every language's texts of a standing (leading, outbid) are the
// component tests' (AuctionLotView.test.tsx).
describe('the live lot page', () => {
  const [lang, lot] = ['ru', 'lot-005'] as const;
  it('shows the other visitor’s bid, the new price and the outbid notice without reloading, and bids the new minimum in one click and, above the review sum, one confirming tap', async () => {
    const c = TEXTS[lang];
    const detail = (await (await fetch(`${site.origin}/api/v1/auctions/${lot}`)).json()) as { minimumBid: number; step: number };
    const first = await visitor(lang, lot);
    const second = await visitor(lang, lot);

    // Every bid on this lot (from 46,000,000 UZS) is above the API's review sum: each is confirmed once.
    await bid(first.page, c, detail.minimumBid, { review: true });
    // Leading, the first visitor is told how to bid more (a maximum), with no bid field to outbid themselves.
    await first.page.getByTestId('leader-hint').filter({ hasText: c.auction.leaderHint }).waitFor();
    expect(await first.page.getByRole('textbox', { name: c.auction.amountLabel }).count()).toBe(0);
    // The second visitor did not reload: the price came through the stream, and is announced politely.
    await lotPriceShown(second.page, detail.minimumBid);
    expect(digits(await second.page.getByTestId('lot-live').textContent())).toBeGreaterThan(0);
    expect(await second.page.getByTestId('lot-live').getAttribute('role')).toBe('status');

    const raised = detail.minimumBid + detail.step;
    await bid(second.page, c, raised, { review: true });
    await first.page.locator('main').getByText(c.auction.outbid, { exact: true }).waitFor();
    expect(digits(await currentBid(first.page).textContent())).toBe(raised);
    const again = first.page.getByRole('button', { name: new RegExp(c.auction.bidMinimum.replace('{{amount}}', '.*')) });
    expect(digits(await again.textContent())).toBe(raised + detail.step);

    await again.click();
    await confirmReview(first.page, c, 'confirmBid', raised + detail.step);
    await first.page.locator('main').getByText(c.auction.highest, { exact: true }).waitFor();
    await second.page.locator('main').getByText(c.auction.outbid, { exact: true }).waitFor();
    expect(digits(await currentBid(second.page).textContent())).toBe(raised + detail.step);

    expect(first.problems).toEqual([]);
    expect(second.problems).toEqual([]);
    await first.context.close();
    await second.context.close();
  }, 60000);
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message with an amount or a price in it, matched up to that value (its spacing is the locale's). */
const upToValue = (message: string) => new RegExp(escaped(message.split('{{')[0]));

// Once, in Uzbek; the maximum's texts in every language are the component tests' (MaxBidForm.test.tsx).
describe('maximum bids on the lot page', () => {
  const [lang, lot] = ['uz', 'lot-006'] as const;
  it('outbids a rival at once by an automatic bid, tells the owner they are highest, then that a higher maximum beat theirs, without touching the page; refuses to remove a maximum bid against or reached, and one too low, in words', async () => {
    const c = TEXTS[lang];
    const detail = (await (await fetch(`${site.origin}/api/v1/auctions/${lot}`)).json()) as {
      minimumBid: number;
      step: number;
      buyNowPrice: number | null;
    };
    const owner = await visitor(lang, lot);
    const rival = await visitor(lang, lot);
    // The rules are stated where people bid, from the lot's data.
    const rules = owner.page.getByRole('region', { name: c.auction.rules.title });
    await rules.waitFor();
    expect(await rules.textContent()).toContain(c.auction.rules.maximum);

    const maximum = Math.min(detail.minimumBid + 10 * detail.step, (detail.buyNowPrice ?? Infinity) - 1);
    await owner.page.getByRole('textbox', { name: c.auction.maxLabel }).fill(String(maximum));
    await owner.page.getByRole('button', { name: c.auction.setMax }).click();
    await confirmReview(owner.page, c, 'confirmMax', maximum);
    await owner.page.getByTestId('my-max-bid').waitFor();
    const standing = owner.page.locator('.bid-form__standing [role="status"]');
    await owner.page.locator('main').getByText(upToValue(c.auction.highestUpTo)).waitFor();
    expect(digits(await standing.textContent())).toBe(maximum);
    // The maximum placed the opening bid for its owner; the rival's page saw it come in.
    await lotPriceShown(rival.page, detail.minimumBid);
    const ownerReads = owner.traffic.filter((t) => t === 'read').length;

    // The rival bids one step more and is outbid at once, by a bid marked automatic.
    await rival.page.getByRole('textbox', { name: c.auction.amountLabel }).fill(String(detail.minimumBid + detail.step));
    await rival.page.getByRole('button', { name: c.auction.placeBid }).click();
    await confirmReview(rival.page, c, 'confirmBid', detail.minimumBid + detail.step);
    await rival.page.locator('main').getByText(c.auction.outbid, { exact: true }).waitFor();
    expect(digits(await currentBid(rival.page).textContent())).toBe(detail.minimumBid + 2 * detail.step);
    const latest = rival.page.locator('.bids-table tbody tr').first();
    await latest.filter({ hasText: c.auction.automatic }).waitFor();
    expect(await rival.page.locator('main').textContent()).not.toContain(String(maximum));

    // The owner, who touched nothing, sees the new price and that they are still highest, through the stream.
    await lotPriceShown(owner.page, detail.minimumBid + 2 * detail.step);
    expect(await standing.textContent()).toMatch(upToValue(c.auction.highestUpTo));
    expect(owner.traffic.filter((t) => t === 'read').length).toBe(ownerReads);
    expect(await standing.getAttribute('role')).toBe('status');

    // The rival sets a higher maximum: the owner's page tells them, still untouched, that a rival's maximum beat theirs.
    const rivalMaximum = maximum + 2 * detail.step;
    await rival.page.getByRole('textbox', { name: c.auction.maxLabel }).fill(String(rivalMaximum));
    await rival.page.getByRole('button', { name: c.auction.setMax }).click();
    await confirmReview(rival.page, c, 'confirmMax', rivalMaximum);
    await rival.page.locator('main').getByText(upToValue(c.auction.highestUpTo)).waitFor();
    await owner.page.locator('main').getByText(upToValue(c.auction.maxOutbid)).waitFor();
    expect(digits(await currentBid(owner.page).textContent())).toBe(maximum + detail.step);
    expect(owner.traffic.filter((t) => t === 'read').length).toBe(ownerReads);

    // The rival's maximum stands above the price, but the owner's maximum bid against it: it stays, in the API's words.
    const removeMax = (p: Page) => p.getByTestId('my-max-bid').getByRole('button', { name: c.auction.removeMax, exact: true }).click();
    await removeMax(rival.page);
    await rival.page.locator('#max-bid-amount-error').filter({ hasText: API_MESSAGES[lang].errors.maxBidContested }).waitFor();
    await rival.page.getByTestId('my-max-bid').waitFor();
    // The owner's, reached by the price, cannot be: the API's words, and the maximum still shown.
    const ownerError = owner.page.locator('#max-bid-amount-error');
    await removeMax(owner.page);
    await ownerError.filter({ hasText: upToValue(API_MESSAGES[lang].errors.maxBidSpent) }).waitFor();
    await owner.page.getByTestId('my-max-bid').waitFor();
    // A new maximum below the next bid is refused with the minimum now.
    await owner.page.getByRole('textbox', { name: c.auction.maxChangeLabel }).fill(String(maximum + detail.step));
    await owner.page.getByRole('button', { name: c.auction.changeMax, exact: true }).click();
    await confirmReview(owner.page, c, 'confirmMax', maximum + detail.step);
    await ownerError.filter({ hasText: upToValue(c.auction.maxTooLow) }).waitFor();
    expect(digits(await ownerError.textContent())).toBe(maximum + 2 * detail.step);

    // The browser logs each refused request; those two are the only problems.
    expect(owner.problems).toEqual([
      'console.error: Failed to load resource: the server responded with a status of 409 (Conflict)',
      'console.error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    expect(rival.problems).toEqual(['console.error: Failed to load resource: the server responded with a status of 409 (Conflict)']);
    await owner.context.close();
    await rival.context.close();
  }, 60000);
});

describe('the live lot page, when a rival bids before its stream opened', () => {
  // The lot's stream opens once the browser is idle, and again with the visitor's token after
  // they confirm a phone: a bid placed in between comes with the stream's snapshot.
  it('shows the new price and announces the bid, as for one the stream sends', async () => {
    const lot = 'lot-005';
    const context = await newContext(browser, { locale: LOCALES.en });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.clock.install({ time: Date.now() });
    const { release } = await holdRequests(page, `**/api/v1/auctions/${lot}/events*`);
    await page.goto(`${site.origin}${localizePath('/numbers', 'en')}?lot=${lot}`);
    await waitForHydration(page);
    const detail = (await (await fetch(`${site.origin}/api/v1/auctions/${lot}`)).json()) as { minimumBid: number };
    expect(digits(await currentBid(page).textContent())).toBeLessThan(detail.minimumBid);
    expect(await page.getByTestId('lot-live').textContent()).toBe('');

    const bidder = await apiBidder(site.origin, '+998935554323');
    await bidder(lot, detail.minimumBid);
    const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/auctions/${lot}/events`);
    release();
    await streamOpened;

    await lotPriceShown(page, detail.minimumBid);
    const live = page.getByTestId('lot-live');
    await live.filter({ hasText: upToValue(TEXTS.en.auction.newBid) }).waitFor();
    expect(await live.textContent()).toContain(formatUzs(detail.minimumBid, 'en'));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the live lot page while its time runs', () => {
  it('ticks without rendering the lot again: its price and its bid form are left as they are', async () => {
    const lot = await activeLot(site);
    const context = await newContext(browser, { locale: LOCALES.en });
    await countRendersOnTicks(context, '.auction-lot__facts .facts__main, .auction-lot__action');
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() });
    const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/auctions/${lot.id}/events`);
    await page.goto(`${site.origin}${localizePath('/numbers', 'en')}?lot=${lot.id}`);
    await waitForHydration(page);
    await streamOpened;
    // The harness sees the lot's renders: the stream's snapshot drew the lot again.
    await rendersSeenAbove(page, 0);

    // Half an hour before the end the countdown shows seconds; from there the clock moves only
    // when the test says so.
    await page.clock.pauseAt(Date.parse(lot.endsAt) - 30 * 60_000);
    await page
      .getByRole('timer')
      .filter({ hasText: /\b(29|30)\b/ })
      .waitFor();
    expect(await rendersOverTicks(page, 3)).toEqual({ ticks: 3, rendersOnTicks: 0 });
    await context.close();
  });
});

describe('the auction list', () => {
  // The list's stream opens once the browser is idle after hydration: a bid placed before that
  // comes with the stream's snapshot, one placed after it as an event.
  it.each([
    ['after its stream opened', false, '+998935554321'],
    ['before its stream opened', true, '+998935554322'],
  ])(
    'shows a lot’s new current bid placed %s, without reloading',
    async (_when, beforeStream, phone) => {
      const context = await newContext(browser, { locale: 'uz-UZ' });
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.clock.install({ time: Date.now() });
      let openStream = () => {};
      const bidPlaced = new Promise<void>((resolve) => (openStream = resolve));
      if (beforeStream) {
        await page.route('**/api/v1/auctions/events?**', async (route) => {
          await bidPlaced;
          await route.continue();
        });
      }
      // The stream's address names the page's language (`?lang=uz`).
      const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/api/v1/auctions/events'));
      await page.goto(`${site.origin}${localizePath('/numbers', 'uz')}`);
      await waitForHydration(page);
      if (!beforeStream) await streamOpened;
      const card = page.locator('.lot-card').filter({ hasText: '+998 77 555 55 55' });
      await card.waitFor();
      const detail = (await (await fetch(`${site.origin}/api/v1/auctions/lot-009`)).json()) as { minimumBid: number };
      const amount = detail.minimumBid + 1_000_000;
      expect(digits(await card.locator('dd').first().textContent())).toBeLessThan(amount);

      const bidder = await apiBidder(site.origin, phone);
      await bidder('lot-009', amount);
      openStream();

      await card.locator('dt', { hasText: uz.auction.currentBid }).waitFor();
      await page.waitForFunction(
        ([expected]) =>
          [...document.querySelectorAll('.lot-card')].some(
            (el) =>
              el.textContent?.includes('+998 77 555 55 55') && el.querySelector('dd')?.textContent?.replace(/\D/g, '') === String(expected),
          ),
        [amount] as const,
      );
      expect(problems).toEqual([]);
      await context.close();
    },
    60000,
  );
});
