import type { Browser } from 'playwright-core';
import { CATALOGUES } from '../locales/catalogues';
import { localizePath, type Language } from '../shared/languages';
import { formatUzPhone } from '../shared/validation';
import {
  BROWSER_LOCALES as LOCALES,
  collectProblems,
  newContext,
  waitForHydration,
  waitUntil,
  type Site,
  withSiteAndBrowser,
} from './support';

/** Issue 33: a search saved as a watch, its SMS when the number comes free, and "My watches" from the SMS link. */

const TEXTS = CATALOGUES;
const PHONES: Record<Language, string> = { ru: '+998901110001', en: '+998901110002', uz: '+998901110003', 'uz-cyrl': '+998901110004' };

let site: Site;
let browser: Browser;
withSiteAndBrowser({}, (started) => ({ site, browser } = started));

async function api(path: string, init: RequestInit = {}) {
  const res = await fetch(`${site.origin}/api/v1${path}`, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

// The journey once; every language's texts of the section are the component tests'
// (WatchesSection.test.tsx), the SMS's in every language the API's tests'.
describe('number watches', () => {
  it('saves the search, sends an SMS when the number comes free, and lists and removes the watch from the SMS link', async () => {
    const lang = 'ru';
    const c = TEXTS[lang];
    // Someone else holds the number the visitor wants.
    const wanted = (await api(`/numbers?category=silver&pageSize=1&page=1`)).body.items[0].number;
    const ending = wanted.slice(-7);
    const held = await api('/reservations', { method: 'POST', body: JSON.stringify({ number: wanted }) });
    expect(held.status).toBe(201);

    const context = await newContext(browser, { locale: LOCALES[lang] });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}${localizePath('/numbers', lang)}?endsWith=${ending}`);
    await waitForHydration(page);
    const section = page.getByRole('region', { name: c.numbers.watches.title });
    expect(await page.locator('.number-card', { hasText: formatUzPhone(wanted) }).count()).toBe(0);

    // The SMS step, in the section itself.
    await section.getByRole('textbox', { name: c.purchase.phone.label }).fill(PHONES[lang]);
    await section.getByRole('button', { name: c.purchase.phone.send }).click();
    // The sixth digit confirms the code by itself.
    await section.getByRole('textbox', { name: c.purchase.phone.codeLabel }).fill('123456');
    await section.getByRole('button', { name: c.numbers.watches.watchSearch }).click();
    await section.getByText(c.numbers.watches.saved.replace('{{phone}}', formatUzPhone(PHONES[lang]))).waitFor();
    const described = c.numbers.watches.kinds.endsWith.replace('{{value}}', ending);
    await section.getByText(described).waitFor();

    // The other visitor lets the number go: the watch's SMS goes out, in the page's language.
    const smsLines = () => site.logger.lines.filter((line) => line.includes(`SMS to ${PHONES[lang]}: Oq`));
    await api('/reservations/current', { method: 'DELETE', headers: { 'X-Reservation-Token': held.body.reservationToken } });
    await waitUntil(() => smsLines().length > 0, `no SMS to ${PHONES[lang]}`);
    const links = smsLines()[0].match(/https?:\/\/\S+?(?=[\s)]|$)/g)!;
    expect(links).toHaveLength(2);
    const [numberLink, watchesLink] = links.map((link) => new URL(link));
    expect(numberLink.pathname).toBe(localizePath('/numbers', lang));
    expect(numberLink.searchParams.get('endsWith')).toBe(ending);
    expect(watchesLink.hash).toBe('#my-watches');

    // The SMS's link shows the number, free to choose.
    await page.goto(`${site.origin}${numberLink.pathname}${numberLink.search}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: c.numbers.results.chooseNumber.replace('{{number}}', formatUzPhone(wanted)) }).waitFor();

    // The watches link: the list, and the watch removed.
    await page.goto(`${site.origin}${watchesLink.pathname}${watchesLink.hash}`);
    await waitForHydration(page);
    const remove = section.getByRole('button', { name: c.numbers.watches.removeWatch.replace('{{what}}', described) });
    await remove.click();
    await section.getByText(c.numbers.watches.none).waitFor();
    expect(
      (await api('/watches', { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` } }))
        .body.items,
    ).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
