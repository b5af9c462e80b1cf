import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import en from '../locales/en.json';
import { localizePath, type Language } from '../shared/languages';
import { solvedSmsChallenge } from '../server/api/test-support/sms-challenge';
import { BROWSER_LOCALES as LOCALES, collectProblems, launchBrowser, newContext, startSite, waitForHydration, type Site } from './support';

const TEXTS = CATALOGUES;

let site: Site;
let browser: Browser;
let numberPage = 0;
let phoneSeq = 2000000;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${site.origin}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A booking as the site would store it, made straight through the API (the page is not the subject here). */
async function reservationToken(): Promise<string> {
  const list = await api<{ items: Array<{ number: string }> }>(`/numbers?pageSize=1&page=${++numberPage}`);
  return (await api<{ reservationToken: string }>('/reservations', { number: list.items[0].number })).reservationToken;
}

async function phoneTokens(): Promise<Record<string, string>> {
  const phone = `+99893${++phoneSeq}`;
  const { challengeId } = await api<{ challengeId: string }>('/auth/sms', { phone, altcha: await solvedSmsChallenge(site.origin, phone) });
  const verified = await api<{ authToken: string; authTokenNumber: string }>('/auth/sms/verify', { phone, code: '123456', challengeId });
  return { auth_token: verified.authToken, auth_token_number: verified.authTokenNumber };
}

/** A context whose localStorage starts with these tokens (once: the page may remove them later). */
async function contextWith(lang: Language, tokens: Record<string, string>): Promise<BrowserContext> {
  const context = await newContext(browser, { locale: LOCALES[lang] });
  await context.addInitScript((stored: Record<string, string>) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, tokens);
  return context;
}

async function open(page: Page, lang: Language, path: string) {
  await page.goto(`${site.origin}${localizePath(path, lang)}`);
  await waitForHydration(page);
}

/** The texts a control's aria-describedby points at: where its message is "next to the field". */
async function descriptions(control: Locator): Promise<string[]> {
  const ids = (await control.getAttribute('aria-describedby')) ?? '';
  return control.page().evaluate((list) => list.split(' ').map((id) => document.getElementById(id)?.textContent?.trim() ?? ''), ids);
}

// Every message in every language is the component tests' (IdentificationForm.test.tsx and the
// identification and payment route tests); here each journey once on the real pages and API, each
// in another language.
describe('validation messages on the real pages', () => {
  it('"First you need to select a number" on /identification and /payment without a booking', async () => {
    const lang: Language = 'ru';
    const c = TEXTS[lang];
    const context = await contextWith(lang, {});
    const page = await context.newPage();
    const problems = collectProblems(page);
    for (const path of ['/identification', '/payment']) {
      await open(page, lang, path);
      const alert = page.getByRole('alert').filter({ hasText: c.messages.selectNumberFirst });
      await alert.waitFor();
      expect(await alert.getByRole('link').getAttribute('href')).toBe(localizePath('/numbers', lang));
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('"First you need to register" on /payment before the identification', async () => {
    const lang: Language = 'uz';
    const c = TEXTS[lang];
    const context = await contextWith(lang, { 'reservation-token': await reservationToken() });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await open(page, lang, '/payment');
    const alert = page.getByRole('alert').filter({ hasText: c.messages.registerFirst });
    await alert.waitFor();
    expect(await alert.getByRole('link').getAttribute('href')).toBe(localizePath('/identification', lang));
    // The booking is still shown with its countdown: nothing is lost by coming here too early.
    await page.getByRole('timer').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('"Fill out the form in full and confirm the contract." when a field is empty or the contract is not confirmed', async () => {
    const lang: Language = 'uz-cyrl';
    const c = TEXTS[lang];
    const context = await contextWith(lang, { 'reservation-token': await reservationToken(), ...(await phoneTokens()) });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await open(page, lang, '/identification');
    const submit = page.getByRole('button', { name: c.identification.submit });
    await submit.click();
    const message = page.locator('#identification-message');
    expect(await message.getAttribute('role')).toBe('alert');
    await message.getByText(c.validation.formIncomplete).waitFor();
    const documentField = page.getByRole('textbox', { name: c.identification.document });
    const contract = page.getByRole('checkbox', { name: c.identification.contract });
    expect(await documentField.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptions(documentField)).toContain(c.validation.required);
    expect(await contract.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptions(contract)).toContain(c.validation.formIncomplete);
    // The first field to fix gets the focus.
    expect(await documentField.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);

    // Everything typed, only the contract left unconfirmed: still the same message, nothing lost.
    await documentField.fill('AA1234567');
    await page.getByRole('textbox', { name: c.identification.birthDate }).fill('15.03.1990');
    await submit.click();
    await message.getByText(c.validation.formIncomplete).waitFor();
    expect(await documentField.getAttribute('aria-invalid')).toBeNull();
    expect(await documentField.inputValue()).toBe('AA1234567');
    expect(await contract.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the date format message next to the date of birth, with the typed values kept through a reload', async () => {
    const lang: Language = 'en';
    const c = TEXTS[lang];
    const context = await contextWith(lang, { 'reservation-token': await reservationToken(), ...(await phoneTokens()) });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await open(page, lang, '/identification');
    const documentField = page.getByRole('textbox', { name: c.identification.document });
    const birthDate = page.getByRole('textbox', { name: c.identification.birthDate });
    await documentField.fill('AA1234567');
    await birthDate.fill('1990-03-15');
    await page.getByRole('checkbox', { name: c.identification.contract }).check();
    await page.getByRole('button', { name: c.identification.submit }).click();
    const error = page.locator('#identity-birth-date-error');
    await error.getByText(c.validation.dateFormat).waitFor();
    expect(await error.getAttribute('aria-live')).toBe('polite');
    expect(await birthDate.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptions(birthDate)).toContain(c.validation.dateFormat);
    expect(await page.locator('#identification-message').textContent()).toBe('');
    expect(page.url()).toBe(`${site.origin}${localizePath('/identification', lang)}`);

    await page.reload();
    await waitForHydration(page);
    expect(await documentField.inputValue()).toBe('AA1234567');
    expect(await birthDate.inputValue()).toBe('1990-03-15');
    expect(await page.getByRole('checkbox', { name: c.identification.contract }).isChecked()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('other checks of the purchase forms', () => {
  it('checks the eSIM e-mail next to its field before leaving /numbers', async () => {
    const context = await contextWith('en', { 'reservation-token': await reservationToken() });
    const page = await context.newPage();
    await open(page, 'en', '/numbers?tariff=oq-start');
    await page.getByRole('radio', { name: /^eSIM/ }).check();
    const email = page.getByRole('textbox', { name: en.purchase.options.email });
    await email.fill('visitor@example');
    await page.getByRole('button', { name: en.purchase.options.continue }).click();
    await page.locator('#sim-email-error').getByText(en.validation.emailFormat).waitFor();
    expect(await descriptions(email)).toContain(en.validation.emailFormat);
    expect(page.url()).toContain('/en/numbers');
    await email.fill('visitor@example.uz');
    await page.getByRole('button', { name: en.purchase.options.continue }).click();
    await page.waitForURL(/\/en\/identification\?tariff=oq-start&sim=esim$/);
    await context.close();
  });

  it('keeps the SIM and delivery choice through a failed submit and a reload, with each error next to its field', async () => {
    const context = await contextWith('en', { 'reservation-token': await reservationToken() });
    const page = await context.newPage();
    await open(page, 'en', '/numbers');
    await page.getByRole('radio', { name: /^SIM card/ }).check();
    await page.getByRole('radio', { name: en.purchase.options.courier }).check();
    await page.getByRole('button', { name: en.purchase.options.continue }).click();
    await page.locator('#courier-address-error').getByText(en.purchase.options.errors.address).waitFor();
    await page.locator('#tariff-options-error').getByText(en.purchase.options.errors.tariff).waitFor();
    await page.getByRole('alert').getByText(en.purchase.options.errors.summary).waitFor();
    await page.getByRole('textbox', { name: en.purchase.options.address }).fill('Tashkent, Amir Temur 1');
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByRole('radio', { name: /^SIM card/ }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: en.purchase.options.address }).inputValue()).toBe('Tashkent, Amir Temur 1');
    await context.close();
  });
});
