import type { Browser, Locator, Page } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import { localizePath, type Language } from '../shared/languages';
import { escapeRegExp, waitForHydration, waitForPage, withSiteAndBrowser, type Site } from './support';

/** Test support for purchase.test.ts and purchase-detours.test.ts: a visitor's steps from a number to its payment. */

export const TEXTS = CATALOGUES;
export type Texts = (typeof TEXTS)[Language];

let site: Site;
// Every test confirms its own phone: the API allows one SMS code a minute per number.
let phoneSeq = 1000000;
const nextPhone = () => `+998 90 ${++phoneSeq}`;

/** The file's site and browser, handed to `ready` as well. */
export function withPurchaseSite(ready: (started: { site: Site; browser: Browser }) => void): void {
  // Every bid counts as late (the lots end within a day): the end time visibly moves. Each test
  // here is a visitor confirming a phone of their own, all from one address: the API's ten new
  // phones per client and hour are raised, so that no test depends on how many phones the tests
  // before it confirmed (the limit itself is e2e/limits.test.ts's).
  withSiteAndBrowser({ AUCTION_EXTEND_MINUTES: '1440', LIMIT_SMS_PHONES_PER_HOUR: '20' }, (started) => {
    site = started.site;
    ready(started);
  });
}

export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
/** The sandbox page is the API's stand-in for a provider's site: its missing favicon is not the site's problem. */
export const siteProblems = (problems: string[]) =>
  problems.filter((p) => p !== 'console.error: Failed to load resource: the server responded with a status of 404 (Not Found)');

/**
 * How the visitor acts: a pointer clicks and ticks; the keyboard focuses each control and presses
 * Enter on a button or a link, Space on a radio or a checkbox (the purchase works by keyboard alone).
 */
export type Hands = 'pointer' | 'keyboard';

export async function press(control: Locator, hands: Hands = 'pointer'): Promise<void> {
  if (hands === 'pointer') return control.click();
  await control.focus();
  await control.press('Enter');
}

export async function tick(control: Locator, hands: Hands = 'pointer'): Promise<void> {
  if (hands === 'pointer') return control.check();
  await control.focus();
  if (!(await control.isChecked())) await control.press('Space');
  if (!(await control.isChecked())) throw new Error(`Space did not tick ${await control.getAttribute('id')}`);
}

export async function open(page: Page, lang: Language, path: string) {
  await page.goto(`${site.origin}${localizePath(path.split('?')[0], lang)}${path.includes('?') ? `?${path.split('?')[1]}` : ''}`);
  await waitForHydration(page);
}

/** Reserves the n-th number of the list and waits for the booking panel; returns the number as shown. */
export async function reserve(page: Page, c: Texts, index = 0, hands: Hands = 'pointer'): Promise<string> {
  const button = page
    .getByRole('button', { name: new RegExp(`^${fill(c.numbers.results.chooseNumber, { number: '\\+998[\\d ]+' })}$`) })
    .nth(index);
  const label = (await button.getAttribute('aria-label'))!;
  await press(button, hands);
  await page.getByRole('heading', { name: c.numbers.reservation.title }).waitFor();
  return /\+998[\d ]+\d/.exec(label)![0];
}

/**
 * The options of the booked number, then on to identification. Waits for that page: /numbers has
 * a phone field of its own (the watches'), which the next step would otherwise fill while the
 * navigation is still on its way (a slow run confirmed the watches' phone, then lost its form).
 */
export async function chooseEsimAndTariff(page: Page, c: Texts, tariffName: RegExp) {
  await page.getByRole('radio', { name: /^eSIM/ }).check();
  await page.getByRole('textbox', { name: c.purchase.options.email }).fill('visitor@example.uz');
  await page.getByRole('radio', { name: tariffName }).check();
  await page.getByRole('button', { name: c.purchase.options.continue }).click();
  await waitForPage(page, /\/identification\?/, c.pages.identification.title);
}

export async function confirmPhone(page: Page, c: Texts, hands: Hands = 'pointer') {
  await page.getByRole('textbox', { name: c.purchase.phone.label }).fill(nextPhone());
  await press(page.getByRole('button', { name: c.purchase.phone.send }), hands);
  // The sixth digit confirms the code by itself.
  await page.getByRole('textbox', { name: c.purchase.phone.codeLabel }).fill('123456');
  await page.locator('main').getByText(c.purchase.phone.confirmed).waitFor();
}

export async function identify(page: Page, c: Texts, document: string, birthDate: string, hands: Hands = 'pointer') {
  await page.getByRole('textbox', { name: c.identification.document }).fill(document);
  await page.getByRole('textbox', { name: c.identification.birthDate }).fill(birthDate);
  await tick(page.getByRole('checkbox', { name: c.identification.contract }), hands);
  await press(page.getByRole('button', { name: c.identification.submit }), hands);
}

/** The pay button's name, "Pay 104,500 UZS": the amount as the page's language writes it. */
export const payButton = (c: Texts) => new RegExp(`^${escapeRegExp(c.payment.payAmount).replace(escapeRegExp('{{amount}}'), '.+')}$`);

export async function startPayment(page: Page, c: Texts, provider: string, hands: Hands = 'pointer') {
  await page.getByRole('heading', { name: c.payment.summary.title }).waitFor();
  await tick(page.getByRole('radio', { name: provider }), hands);
  await press(page.getByRole('button', { name: payButton(c) }), hands);
  await page.waitForURL(/\/api\/v1\/sandbox\/payments\//);
}
