import type { Browser, Page } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import en from '../locales/en.json';
import { API_MESSAGES } from '../server/api/messages';
import { localizePath, type Language } from '../shared/languages';
import { solvedSmsChallenge } from '../server/api/test-support/sms-challenge';
import { collectProblems, launchBrowser, newContext, startSite, waitForHydration, waitForPage, type Site } from './support';

/** A visitor refused by a per-client limit sees why, in their language, and keeps what they typed. */

const TEXTS = CATALOGUES;
type Texts = (typeof TEXTS)[Language];
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
/** A refused API call is logged by the browser as a failed resource: expected here, nothing else is. */
const unexpected = (problems: string[]) => problems.filter((p) => !/status of 429/.test(p));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(site: Site, page: Page, lang: Language, path: string) {
  await page.goto(`${site.origin}${localizePath(path, lang)}`);
  await waitForHydration(page);
}

function chooseButtons(page: Page, c: Texts) {
  return page.getByRole('button', { name: new RegExp(`^${fill(c.numbers.results.chooseNumber, { number: '\\+998[\\d ]+' })}$`) });
}

describe('a visitor held to the per-client limits', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ LIMIT_HOLDS_PER_CLIENT: '1' });
  });
  afterAll(async () => {
    await site?.stop();
  });

  // The page shows the API's words whatever they are: a language other than the first visitor's
  // here; the API's message in every language is its own tests' (server/api/messages).
  it('is told in their language that their connection holds as many numbers as allowed, and books nothing', async () => {
    const first = await newContext(browser, { locale: 'en-US' });
    const firstPage = await first.newPage();
    await open(site, firstPage, 'en', '/numbers');
    await chooseButtons(firstPage, en).first().click();
    await firstPage.getByRole('heading', { name: en.numbers.reservation.title }).waitFor();

    const lang: Language = 'uz-cyrl';
    const c = TEXTS[lang];
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await open(site, page, lang, '/numbers');
    await chooseButtons(page, c).nth(3).click();
    const message = fill(API_MESSAGES[lang].errors.tooManyHolds, { limit: 1, minutes: 15 });
    // Beside the number chosen, and as a toast.
    await page.locator('main').getByRole('alert').filter({ hasText: message }).waitFor();
    await page.locator('.Toastify').getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await page.getByRole('heading', { name: c.numbers.reservation.title }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('reservation-token'))).toBeNull();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
    await first.close();
  });
});

describe('a visitor held to the network SMS limit', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ LIMIT_SMS_PER_NETWORK_PER_HOUR: '1' });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('is told that too many codes were asked from their network, with the phone they typed still in the field', async () => {
    // Someone on the same network already had a code sent to another phone this hour.
    const sent = await fetch(`${site.origin}/api/v1/auth/sms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: '+998901112233', altcha: await solvedSmsChallenge(site.origin, '+998901112233') }),
    });
    expect(sent.status).toBe(201);
    const context = await newContext(browser, { locale: 'uz-UZ' });
    const page = await context.newPage();
    const problems = collectProblems(page);
    const c = TEXTS.uz;
    await open(site, page, 'uz', '/numbers');
    await chooseButtons(page, c).first().click();
    await page.getByRole('heading', { name: c.numbers.reservation.title }).waitFor();
    await page.getByRole('radio', { name: /^eSIM/ }).check();
    await page.getByRole('textbox', { name: c.purchase.options.email }).fill('visitor@example.uz');
    await page.getByRole('radio', { name: /^Oq Smart/ }).check();
    await page.getByRole('button', { name: c.purchase.options.continue }).click();
    await waitForPage(page, /\/uz\/identification/, c.pages.identification.title);

    const phone = page.getByRole('textbox', { name: c.purchase.phone.label });
    await phone.fill('+998 93 765 43 21');
    await page.getByRole('button', { name: c.purchase.phone.send }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: fill(API_MESSAGES.uz.errors.tooManyNetworkSms, { minutes: 60 }) })
      .waitFor();
    expect(await phone.inputValue()).toBe('+998 93 765 43 21');
    expect(await page.getByRole('textbox', { name: c.purchase.phone.codeLabel }).count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});

describe('a visitor choosing in a category at its share of bookings without SMS', () => {
  let site: Site;
  beforeAll(async () => {
    // A share of 0: every booking needs a confirmed phone, as a category at its share does.
    site = await startSite({ LIMIT_ANONYMOUS_HELD_SHARE: '0' });
  });
  afterAll(async () => {
    await site?.stop();
  });

  const refusals = (problems: string[]) => problems.filter((p) => !/status of 403/.test(p));

  // In Russian here; the API's message in every language is its own tests' (server/api/messages).
  it('is told why in their language and shown the SMS step beside the number', async () => {
    const lang: Language = 'ru';
    const c = TEXTS[lang];
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await open(site, page, lang, '/numbers');
    const card = page
      .locator('li.number-card')
      .filter({ has: chooseButtons(page, c) })
      .first();
    await chooseButtons(page, c).first().click();
    await card.getByRole('alert').filter({ hasText: API_MESSAGES[lang].errors.phoneRequired }).waitFor();
    await card.getByRole('textbox', { name: c.purchase.phone.label }).waitFor();
    expect(await page.getByRole('heading', { name: c.numbers.reservation.title }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('reservation-token'))).toBeNull();
    expect(refusals(problems)).toEqual([]);
    await context.close();
  });

  it('books the number once the phone is confirmed, and the purchase goes on with that phone', async () => {
    const c = TEXTS.en;
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await open(site, page, 'en', '/numbers');
    const button = chooseButtons(page, c).first();
    const chosen = /\+998[\d ]+\d/.exec((await button.getAttribute('aria-label'))!)![0];
    await button.click();
    // The chosen card's SMS step: the watches further down the page have a "Get the code" of their own.
    const phoneStep = page.getByRole('group', { name: c.purchase.phone.label });
    await phoneStep.getByRole('textbox', { name: c.purchase.phone.label }).fill('+998 90 555 12 34');
    await phoneStep.getByRole('button', { name: c.purchase.phone.send }).click();
    // The sixth digit confirms the code by itself.
    await page.getByRole('textbox', { name: c.purchase.phone.codeLabel }).fill('123456');
    // No second click: the number is booked as soon as the phone is confirmed.
    const panel = page.locator('section.reservation-panel');
    await panel.getByRole('heading', { name: c.numbers.reservation.title }).waitFor();
    expect(await panel.locator('.reservation-panel__number .phone-number').textContent()).toBe(chosen);
    await page.getByRole('radio', { name: /^eSIM/ }).check();
    await page.getByRole('textbox', { name: c.purchase.options.email }).fill('visitor@example.uz');
    await page.getByRole('radio', { name: /^Oq Smart/ }).check();
    await page.getByRole('button', { name: c.purchase.options.continue }).click();
    // The URL changes before React draws the page: what follows is read on the identification page itself.
    await waitForPage(page, /\/en\/identification/, c.pages.identification.title);
    // The phone confirmed for the booking is the purchase's phone: no second SMS.
    await page.locator('main').getByText(c.purchase.phone.confirmed).waitFor();
    await page.locator('main').getByText('+998 90 555 12 34').waitFor();
    expect(refusals(problems)).toEqual([]);
    await context.close();
  });
});
