import type { Browser, Page } from 'playwright-core';
import { formatUzs } from '../client/format';
import { CATALOGUES } from '../locales/catalogues';
import uz from '../locales/uz.json';
import { localizePath, type Language } from '../shared/languages';
import { openStream } from '../server/api/test-support/event-stream';
import { AUTH_TOKEN_LIFETIME_MS } from '../server/api/auth/sms-routes';
import { createTokenService } from '../server/api/http/tokens';
import { API_MESSAGES } from '../server/api/messages';
import { AUTH_TOKEN_KEY, AUTH_TOKEN_NUMBER_KEY } from '../shared/tokens';
import {
  activeLot,
  BROWSER_LOCALES as LOCALES,
  collectProblems,
  holdRequests,
  countRendersOnTicks,
  launchBrowser,
  newContext,
  rendersOverTicks,
  rendersSeenAbove,
  startSite,
  waitForHydration,
  waitUntil,
  type Site,
} from './support';

/** Two visitors on one lot: each sees the other's bid as it happens, through the lot's live stream. */

const TEXTS = CATALOGUES;
type Texts = (typeof TEXTS)[Language];

let site: Site;
let browser: Browser;
let phoneSeq = 2000000;

beforeAll(async () => {
  // Every visitor here confirms a phone of their own, all from one address: more than the
  // default ten phones an hour one client may have codes sent to.
  site = await startSite({ LIMIT_SMS_PHONES_PER_HOUR: '100' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/**
 * A visitor on the lot page on a controlled clock: the page's 20-second refresh never runs
 * unless the test moves the clock, so whatever changes on screen came through the stream.
 */
async function visitor(lang: Language, lot: string, on: Site = site) {
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
  await page.getByRole('textbox', { name: c.purchase.phone.codeLabel }).fill('123456');
  await page.getByRole('button', { name: c.purchase.phone.confirm, exact: true }).click();
  await page.locator('main').getByText(c.purchase.phone.confirmed).waitFor();
  return { context, page, problems, traffic };
}

const LOT_PRICE = '.auction-lot__facts .facts__main';
const currentBid = (page: Page) => page.locator(LOT_PRICE);

/** Waits until the lot page shows `amount` as its current price (through the stream: no reload). */
async function lotPriceShown(page: Page, amount: number) {
  await page.waitForFunction(
    ([selector, expected]) => document.querySelector(selector)?.textContent?.replace(/\D/g, '') === String(expected),
    [LOT_PRICE, amount] as const,
  );
}

async function bid(page: Page, c: Texts, amount: number) {
  await page.getByRole('textbox', { name: c.auction.amountLabel }).fill(String(amount));
  await page.getByRole('button', { name: c.auction.placeBid }).click();
  await page.locator('main').getByText(c.auction.highest, { exact: true }).waitFor();
}

describe.each([
  ['en', 'lot-006'],
  ['ru', 'lot-005'],
  ['uz', 'lot-008'],
] as const)('the live lot page in %s', (lang, lot) => {
  it('shows the other visitor’s bid, the new price and the outbid notice without reloading, and bids the new minimum in one click', async () => {
    const c = TEXTS[lang];
    const detail = (await (await fetch(`${site.origin}/api/v1/auctions/${lot}`)).json()) as { minimumBid: number; step: number };
    const first = await visitor(lang, lot);
    const second = await visitor(lang, lot);

    await bid(first.page, c, detail.minimumBid);
    // Leading, the first visitor is told how to bid more (a maximum), with no bid field to outbid themselves.
    await first.page.getByTestId('leader-hint').filter({ hasText: c.auction.leaderHint }).waitFor();
    expect(await first.page.getByRole('textbox', { name: c.auction.amountLabel }).count()).toBe(0);
    // The second visitor did not reload: the price came through the stream, and is announced politely.
    await lotPriceShown(second.page, detail.minimumBid);
    expect(digits(await second.page.getByTestId('lot-live').textContent())).toBeGreaterThan(0);
    expect(await second.page.getByTestId('lot-live').getAttribute('role')).toBe('status');

    const raised = detail.minimumBid + detail.step;
    await bid(second.page, c, raised);
    await first.page.locator('main').getByText(c.auction.outbid, { exact: true }).waitFor();
    expect(digits(await currentBid(first.page).textContent())).toBe(raised);
    const again = first.page.getByRole('button', { name: new RegExp(c.auction.bidMinimum.replace('{{amount}}', '.*')) });
    expect(digits(await again.textContent())).toBe(raised + detail.step);

    await again.click();
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

describe.each([
  ['en', 'lot-004'],
  ['ru', 'lot-007'],
  ['uz', 'lot-006'],
] as const)('maximum bids on the lot page in %s', (lang, lot) => {
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

/** Another bidder, straight through the site's API: confirms `phone` by SMS, then bids when asked. */
async function apiBidder(origin: string, phone: string): Promise<(lotId: string, amount: number) => Promise<unknown>> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}/api/v1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post('/auth/sms', { phone });
  const { authToken } = (await post('/auth/sms/verify', { phone, code: '123456' })) as { authToken: string };
  return (lotId, amount) => post(`/auctions/${lotId}/bids`, { amount }, { Authorization: `Bearer ${authToken}` });
}

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
        await page.route('**/api/v1/auctions/events', async (route) => {
          await bidPlaced;
          await route.continue();
        });
      }
      const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/v1/auctions/events'));
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

describe('the lot page when its stream is refused', () => {
  // One stream per client, and this test (same address as the browser) already holds it; or one
  // stream on the whole server, held by this test: a 429 for the client, a 503 for the server's cap.
  it.each([
    ['by the per-client limit (429)', { LIMIT_STREAMS_PER_CLIENT: '1' }, '429 (Too Many Requests)'],
    ['by the server’s total cap (503)', { LIMIT_STREAMS_TOTAL: '1' }, '503 (Service Unavailable)'],
  ])(
    '%s falls back to refreshing the lot every 20 seconds and still shows the other bid and the outbid notice',
    async (_name, limits, status) => {
      const limited = await startSite(limits);
      const held = await openStream(`${limited.origin}/api/v1/auctions/lot-009/events`);
      try {
        await held.next('snapshot');
        const c = TEXTS.en;
        const detail = (await (await fetch(`${limited.origin}/api/v1/auctions/lot-009`)).json()) as { minimumBid: number; step: number };
        const first = await visitor('en', 'lot-009', limited);
        await bid(first.page, c, detail.minimumBid);
        // Its stream was refused twice (before and after the phone was confirmed); each time the
        // page read the lot at once and went on to poll, and it read it again after its own bid.
        const { traffic } = first;
        const reads = () => traffic.filter((kind) => kind === 'read').length;
        await waitUntil(
          () => traffic.filter((kind) => kind === 'refused').length === 2 && reads() === 3,
          `the page's traffic was [${traffic.join(', ')}], not two refused streams and three reads of the lot`,
        );
        expect(traffic).not.toContain('stream');
        const readsBeforeRival = reads();

        // Another bidder, straight through the API.
        const rival = await apiBidder(limited.origin, '+998935551234');
        await rival('lot-009', detail.minimumBid + detail.step);

        // The rival's bid is in the API; with no stream, only a read brings it, and none has been made.
        expect(reads()).toBe(readsBeforeRival);
        expect(await first.page.locator('main').getByText(c.auction.outbid, { exact: true }).count()).toBe(0);
        await first.page.clock.fastForward(20_000);
        await first.page.locator('main').getByText(c.auction.outbid, { exact: true }).waitFor();
        expect(reads()).toBe(readsBeforeRival + 1);
        expect(digits(await currentBid(first.page).textContent())).toBe(detail.minimumBid + detail.step);
        // The stream was refused (before and after the phone was confirmed), and that is the only complaint.
        const refused = `console.error: Failed to load resource: the server responded with a status of ${status}`;
        expect(first.problems.length).toBeGreaterThan(0);
        expect(first.problems.filter((p) => p !== refused)).toEqual([]);
        await first.context.close();
      } finally {
        held.close();
        await limited.stop();
      }
    },
    60000,
  );
});

describe.each(['en', 'ru', 'uz'] as const)('a confirmed phone whose token the API finds expired, in %s', (lang) => {
  // Spec section 8: the API's answer is the toast; after a 401 an expired auth_token goes from
  // storage with its number. Here the device's clock runs a minute behind the API's, as a cheap
  // phone's may: the token, already past its end for the API, is still valid on the device.
  it("shows the API's message, drops the phone from storage and asks for it again", async () => {
    const c = TEXTS[lang];
    const expiresAtMs = Date.now() - 30_000;
    const phone = '+998901112233';
    const signer = createTokenService(site.config.api.jwtSecret, () => expiresAtMs - AUTH_TOKEN_LIFETIME_MS);
    const token = await signer.sign({ kind: 'auth', sub: phone, expiresAtMs, num: phone });

    const context = await newContext(browser, { locale: LOCALES[lang] });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.clock.install({ time: expiresAtMs - 60_000 });
    await page.addInitScript(([keys, values]) => keys.forEach((key, i) => localStorage.setItem(key, values[i])), [
      [AUTH_TOKEN_KEY, AUTH_TOKEN_NUMBER_KEY],
      [token, phone],
    ] as const);
    // The page asks for its stream's token with the phone's: held until the device's clock too
    // has passed the token's end, so that the refusal finds it expired on both sides.
    const { release, asked } = await holdRequests(page, '**/api/v1/auctions/lot-004/stream-token');
    await page.goto(`${site.origin}${localizePath('/numbers', lang)}?lot=lot-004`);
    await waitForHydration(page);
    await asked;
    // Until then the device holds a confirmed phone: the bid form is there.
    await page.getByRole('textbox', { name: c.auction.amountLabel }).waitFor();

    // The device's time moves on without firing its timers (the request's own timeout among them).
    await page.clock.setSystemTime(expiresAtMs + 30_000);
    release();
    await page.locator('.Toastify').getByText(API_MESSAGES[lang].errors.tokenExpired, { exact: true }).waitFor();
    await page.getByRole('textbox', { name: c.purchase.phone.label }).waitFor();
    expect(await page.getByRole('textbox', { name: c.auction.amountLabel }).count()).toBe(0);
    expect(await page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), [AUTH_TOKEN_KEY, AUTH_TOKEN_NUMBER_KEY])).toEqual([
      null,
      null,
    ]);
    expect(problems).toEqual(['console.error: Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
    await context.close();
  });
});
