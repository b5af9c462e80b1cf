import type { Browser, Page } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import { API_MESSAGES } from '../server/api/messages';
import { localizePath, type Language } from '../shared/languages';
import {
  BROWSER_LOCALES as LOCALES,
  collectProblems,
  holdRequests,
  launchBrowser,
  newContext,
  startSite,
  waitForHydration,
  type Site,
} from './support';

const TEXTS = CATALOGUES;

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]);

interface Visitor {
  lang: Language;
  page: Page;
  problems: string[];
  /** Lets the page's live stream open. */
  openStream(): void;
  close(): Promise<void>;
}

/**
 * A visitor on the numbers page whose live stream opens only on `openStream()`: the stream tells
 * a page at once that someone took a number, which replaces its "Choose" with "Taken", so on a
 * slow run the second of two clicks could find no button to press.
 */
async function visitor(lang: Language, path: string): Promise<Visitor> {
  const context = await newContext(browser, { locale: LOCALES[lang] });
  const page = await context.newPage();
  const problems = collectProblems(page);
  const stream = await holdRequests(page, '**/api/v1/numbers/events?**');
  await page.goto(`${site.origin}${localizePath('/numbers', lang)}${path}`);
  await waitForHydration(page);
  return { lang, page, problems, openStream: stream.release, close: () => context.close() };
}

const held = (page: Page) => page.evaluate(() => localStorage.getItem('reservation-token'));

describe('two visitors choosing the same number at once', () => {
  it.each([
    ['en', 'ru'],
    ['uz', 'en'],
    ['ru', 'uz'],
  ] as const)('one gets it (%s vs %s); the other is told in their language and stays on the page', async (langA, langB) => {
    const query = `?category=gold&page=${langA === 'en' ? 1 : langA === 'uz' ? 2 : 3}`;
    const a = await visitor(langA, query);
    const b = await visitor(langB, query);
    const number = (await a.page.locator('.number-card .phone-number').first().textContent())!;
    const chooseIn = (v: Visitor) => v.page.locator('.number-card', { hasText: number }).getByRole('button');
    const urls = [a.page.url(), b.page.url()];

    // The refusal's toast closes by itself after 3 s: watched for from the clicks on, so a slow
    // run that reaches the check later still sees which page it was shown on.
    const toastShown = (v: Visitor) =>
      v.page
        .locator('.Toastify')
        .getByText(API_MESSAGES[v.lang].errors.numberUnavailable)
        .waitFor()
        .then(() => v);
    const firstToast = Promise.any([toastShown(a), toastShown(b)]);
    // Awaited below; a failure before that point must not also surface as an unhandled rejection.
    firstToast.catch(() => undefined);
    // Both clicks land before either page hears of the other's booking: the API alone decides.
    await Promise.all([chooseIn(a).click(), chooseIn(b).click()]).finally(() => [a, b].forEach((v) => v.openStream()));
    const outcome = async (v: Visitor) => {
      const c = TEXTS[v.lang];
      const card = v.page.locator('.number-card', { hasText: number });
      await card.locator('.number-card__outcome').waitFor();
      return (await card.locator('.number-card__outcome').getAttribute('role')) === 'alert'
        ? 'lost'
        : (await v.page.getByRole('heading', { name: c.numbers.reservation.title }).waitFor(), 'won');
    };
    const results = await Promise.all([outcome(a), outcome(b)]);
    expect([...results].sort()).toEqual(['lost', 'won']);

    const loser = results[0] === 'lost' ? a : b;
    const winner = loser === a ? b : a;
    const c = TEXTS[loser.lang];
    const card = loser.page.locator('.number-card', { hasText: number });
    expect(await card.getByRole('alert').textContent()).toBe(fill(c.numbers.choice.taken, { number }));
    // Marked taken at once where the stream had said "free" before the answer; where the stream
    // speaks first after it, as soon as its word of the other booking arrives.
    await card.getByText(c.numbers.results.taken, { exact: true }).waitFor();
    expect(await firstToast).toBe(loser);
    expect(loser.page.url()).toBe(urls[loser === a ? 0 : 1]);
    expect(await held(loser.page)).toBeNull();
    expect(await loser.page.getByRole('heading', { name: c.numbers.reservation.title }).count()).toBe(0);
    expect(await held(winner.page)).toMatch(/^ey/);

    // The one who lost simply picks another number.
    await loser.page.locator('.number-card').nth(1).getByRole('button').click();
    await loser.page.getByRole('heading', { name: c.numbers.reservation.title }).waitFor();
    expect(await held(loser.page)).toMatch(/^ey/);

    // The shared client's toast (the API's words) is the only console noise: the 409 itself.
    for (const v of [a, b]) expect(v.problems.filter((p) => !p.includes('409'))).toEqual([]);
    await a.close();
    await b.close();
  });
});
