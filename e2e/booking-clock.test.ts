import type { Browser, Page } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import en from '../locales/en.json';
import { localizePath, type Language } from '../shared/languages';
import {
  BROWSER_LOCALES as LOCALES,
  collectProblems,
  countRendersOnTicks,
  holdRequests,
  newContext,
  rendersOnTicks,
  rendersOverTicks,
  waitForHydration,
  type Site,
  withSiteAndBrowser,
} from './support';

const TEXTS = CATALOGUES;

let site: Site;
let browser: Browser;

// A six-minute booking: the 5-minute warning is one minute away, the 1-minute one five.
withSiteAndBrowser({ RESERVATION_MINUTES: '6' }, (started) => ({ site, browser } = started));

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const timer = (page: Page) => page.getByRole('timer').first();
const secondsOf = (text: string | null) => {
  const [m, s] = (text ?? '').split(':').map(Number);
  return m * 60 + s;
};

/**
 * The released number's card offers it again and no longer says it is reserved for the visitor.
 * Waited for, not read at once: the expiry commits at the clock's tick, while the reservation's
 * own answer (the button's "Reserving…") commits with the router's transition, which can land a
 * moment later on a busy machine.
 */
async function choosableAgain(page: Page, number: string, c: (typeof TEXTS)[Language]) {
  const card = page.locator('.number-card', { hasText: number });
  await card.locator('button:enabled', { hasText: c.numbers.results.choose }).waitFor();
  expect(await card.getByText(c.numbers.choice.reserved.replace('{{number}}', number)).count()).toBe(0);
}

/** The browser's clock is the test's from before the first page: the token's `exp` is compared with it. */
async function reserveOnControlledClock(lang: Language, index: number) {
  const c = TEXTS[lang];
  const context = await newContext(browser, { locale: LOCALES[lang] });
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.clock.install({ time: Date.now() });
  await page.goto(`${site.origin}${localizePath('/numbers', lang)}`);
  await waitForHydration(page);
  const choose = page.locator('.number-card').nth(index).getByRole('button');
  await choose.click();
  await page.getByRole('heading', { name: c.numbers.reservation.title }).waitFor();
  const number = (await page.locator('.reservation-panel .phone-number').first().textContent())!;
  return { context, page, problems, number, c };
}

// The warnings' texts and order in every language are the component test's
// (client/features/booking/BookingCountdown.test.tsx); here, one journey on the real page and API.
describe('the booking clock', () => {
  it('warns at 5 and at 1 minute left, then says the booking expired and releases the number', async () => {
    const { context, page, problems, number, c } = await reserveOnControlledClock('en', 0);
    expect(secondsOf(await timer(page).textContent())).toBeGreaterThan(5 * 60);
    expect(await toast(page, c.messages.bookingExpiresIn5).count()).toBe(0);

    await page.clock.fastForward('01:05');
    await toast(page, c.messages.bookingExpiresIn5).waitFor();
    expect(secondsOf(await timer(page).textContent())).toBeLessThanOrEqual(5 * 60);
    expect(await toast(page, c.messages.bookingExpiresIn1).count()).toBe(0);

    await page.clock.fastForward('04:00');
    await toast(page, c.messages.bookingExpiresIn1).waitFor();
    expect(secondsOf(await timer(page).textContent())).toBeLessThanOrEqual(60);
    expect(await toast(page, c.messages.bookingExpired).count()).toBe(0);

    await page.clock.fastForward('01:00');
    await toast(page, c.messages.bookingExpired).waitFor();
    // Released in the interface: no panel, no token, the number can be chosen again; the page says why.
    await page.getByRole('heading', { name: c.numbers.reservation.title }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('reservation-token'))).toBeNull();
    await page.locator('.reservation-status').getByText(c.messages.bookingExpired).waitFor();
    await choosableAgain(page, number, c);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the countdown', () => {
  it('ticks without rendering the page again: the number cards are left as they are', async () => {
    const c = en;
    const context = await newContext(browser, { locale: LOCALES.en });
    await countRendersOnTicks(context, '.number-card');
    const page = await context.newPage();
    // Nothing but the clock may render while it ticks: no live stream (refused, as a busy API
    // would), and every answer of the booking is in before the first tick.
    await page.route('**/api/v1/numbers/events?**', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":{"code":"too_many_streams","message":"-"}}' }),
    );
    await page.clock.install({ time: Date.now() });
    await page.goto(`${site.origin}/en/numbers`);
    await waitForHydration(page);
    await page.locator('.Toastify').waitFor({ state: 'attached' });
    const renders = () => rendersOnTicks(page);
    const idle = await renders();
    const card = page.locator('.number-card').nth(9);
    const number = (await card.locator('.phone-number').textContent())!;
    await card.getByRole('button').click();
    await card.getByText(c.numbers.choice.reserved.replace('{{number}}', number)).waitFor();
    await page.locator('.reservation-panel__price').waitFor();
    // The harness sees renders: booking drew the cards again (the chosen one is the visitor's now).
    expect((await renders()).renders).toBeGreaterThan(idle.renders);

    // From here the clock moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 1_000);
    expect(await rendersOverTicks(page, 3)).toEqual({ ticks: 3, rendersOnTicks: 0 });
    await context.close();
  });

  it('comes from the token: it survives a reload and is right after the tab slept in the background', async () => {
    const { context, page, problems, c } = await reserveOnControlledClock('en', 5);
    const before = secondsOf(await timer(page).textContent());
    await page.reload();
    await waitForHydration(page);
    const after = secondsOf(await timer(page).textContent());
    expect(after).toBeLessThanOrEqual(before);
    expect(after).toBeGreaterThan(before - 30);

    // A background tab gets no timer for minutes; when it wakes up, the time left is from exp, not from ticks.
    await page.clock.pauseAt(Date.now() + 3 * 60_000);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.clock.resume();
    await page.waitForFunction(() => {
      const text = document.querySelector('[role="timer"]')?.textContent ?? '';
      const [m, s] = text.split(':').map(Number);
      return m * 60 + s <= 3 * 60 + 5;
    });
    // Passing the 5-minute mark while asleep still warns once, on waking.
    await toast(page, c.messages.bookingExpiresIn5).waitFor();

    // A reload after the 1-minute warning does not repeat it, and the booking ends on time.
    await page.clock.fastForward('02:10');
    await toast(page, c.messages.bookingExpiresIn1).waitFor();
    await page.reload();
    await waitForHydration(page);
    await timer(page).waitFor();
    expect(await toast(page, c.messages.bookingExpiresIn1).count()).toBe(0);
    expect(await toast(page, c.messages.bookingExpiresIn5).count()).toBe(0);
    await page.clock.fastForward('01:00');
    await toast(page, c.messages.bookingExpired).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says the booking expired on whatever page the visitor is reading, once: not again on the purchase step they come back to', async () => {
    const { context, page, c } = await reserveOnControlledClock('en', 7);
    // The visitor reads about the operator meanwhile (a page without the booking), and the booking runs out there.
    await page.goto(`${site.origin}/en/about`);
    await waitForHydration(page);
    await page.clock.pauseAt(Date.now() + 7 * 60_000);
    await page.clock.resume();
    await toast(page, c.messages.bookingExpired).waitFor();
    await page.waitForFunction(() => localStorage.getItem('reservation-token') === null);
    // Back on a purchase step: the expiry was said, and is not said again.
    await page.goto(`${site.origin}/en/identification`);
    await waitForHydration(page);
    await page.clock.runFor(3_000);
    expect(await toast(page, c.messages.bookingExpired).count()).toBe(0);
    await context.close();
  });

  it('says each warning in one tab only when the visitor has two open, and the expiry even when a request elsewhere removed the token first', async () => {
    const { context, page, c } = await reserveOnControlledClock('en', 9);
    const other = await context.newPage();
    await other.goto(`${site.origin}/en/news`);
    await waitForHydration(other);
    await page.clock.fastForward('01:05');
    await Promise.race([toast(page, c.messages.bookingExpiresIn5).waitFor(), toast(other, c.messages.bookingExpiresIn5).waitFor()]);
    await page.clock.runFor(2_000);
    const fiveMinuteToasts =
      (await toast(page, c.messages.bookingExpiresIn5).count()) + (await toast(other, c.messages.bookingExpiresIn5).count());
    expect(fiveMinuteToasts).toBe(1);
    // A request drops the expired token before any tab has said the booking expired: the expiry is still said.
    await page.clock.pauseAt(Date.now() + 6 * 60_000);
    await page.evaluate(() => localStorage.removeItem('reservation-token'));
    await page.clock.resume();
    await Promise.race([toast(page, c.messages.bookingExpired).waitFor(), toast(other, c.messages.bookingExpired).waitFor()]);
    await context.close();
  });
});

describe('a toast raised before the toast container is there', () => {
  // The container mounts once the browser is idle after hydration, from a chunk of its own
  // (issue 35); the booking's announcer can raise its toast at hydration, before that.
  it('is shown once the container mounts', async () => {
    const { context, page, c } = await reserveOnControlledClock('en', 11);
    const { release, asked } = await holdRequests(page, '**/assets/chunks/toast-view-*.js');
    await page.goto(`${site.origin}/en/about`);
    await waitForHydration(page);
    // The container's chunk is asked for (and held); then the booking runs out.
    await asked;
    await page.clock.pauseAt(Date.now() + 7 * 60_000);
    await page.clock.resume();
    // The announcer ends the booking's record (the expiry said) just before it asks for the toast.
    await page.waitForFunction(() => localStorage.getItem('booking') === null && localStorage.getItem('reservation-token') === null);
    expect(await page.locator('.Toastify').count()).toBe(0);
    release();
    await toast(page, c.messages.bookingExpired).waitFor();
    await context.close();
  });
});

describe('a booking the stream reported before the API’s answer arrived', () => {
  it('is still the visitor’s own: once it expires, the number can be chosen again at once', async () => {
    const c = en;
    const context = await newContext(browser, { locale: LOCALES.en });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.clock.install({ time: Date.now() });
    const streamOpened = page.waitForResponse((response) => response.url().includes('/api/v1/numbers/events'));
    await page.goto(`${site.origin}${localizePath('/numbers', 'en')}`);
    await waitForHydration(page);
    await streamOpened;
    const card = page.locator('.number-card').nth(4);
    const number = (await card.locator('.phone-number').textContent())!;

    // The API's answer to the booking reaches the page only after the stream has said the number is reserved.
    let deliver = () => {};
    const overtaken = new Promise<void>((resolve) => (deliver = resolve));
    await page.route('**/api/v1/reservations', async (route) => {
      const response = await route.fetch();
      await overtaken;
      await route.fulfill({ response });
    });
    await card.getByRole('button').click();
    await page.locator('.number-card--taken', { hasText: number }).waitFor();
    deliver();
    await page.getByRole('heading', { name: c.numbers.reservation.title }).waitFor();
    await page.locator('.number-card', { hasText: number }).locator('.badge--mine').waitFor();

    // The server still holds the booking (its clock is not the page's); the page knows it was the visitor's own.
    await page.clock.fastForward('06:01');
    await page.locator('.reservation-status').getByText(c.messages.bookingExpired).waitFor();
    await choosableAgain(page, number, c);
    expect(problems).toEqual([]);
    await context.close();
  });
});
