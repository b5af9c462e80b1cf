import type { Browser } from 'playwright-core';
import en from '../locales/en.json';
import { API_MESSAGES } from '../server/api/messages';
import { collectProblems, escapeRegExp, newContext, waitForPage, type Site } from './support';
import {
  chooseEsimAndTariff,
  confirmPhone,
  fill,
  identify,
  open,
  payButton,
  reserve,
  siteProblems,
  startPayment,
  withPurchaseSite,
} from './purchase-support';

/** A purchase that does not go straight through: a declined payment, a refused identification, a booking changed or cancelled. */

let site: Site;
let browser: Browser;
withPurchaseSite((started) => ({ site, browser } = started));

describe('buying a number', () => {
  it('comes back from a declined payment to “nothing was charged” with the payment methods at once and Support Service', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await open(page, 'en', '/numbers');
    await reserve(page, en, 8);
    await chooseEsimAndTariff(page, en, /^Oq Start/);
    await confirmPhone(page, en);
    await identify(page, en, 'AA7777777', '01.02.1985');
    await startPayment(page, en, 'Bank card');
    // The server tells the page the payment was declined: the page does not guess it from the URL.
    const asked = page.waitForResponse((response) => /\/api\/v1\/orders\/[^/]+\/status$/.test(new URL(response.url()).pathname));
    await page.getByRole('button', { name: API_MESSAGES.en.sandbox.decline }).click();
    await page.waitForURL(/\/en\/payment\?order=.+&payment=declined/);
    expect(((await (await asked).json()) as { result: string; payment: string }).payment).toBe('declined');
    const alert = page.getByRole('alert').filter({ hasText: en.payment.declined });
    await alert.waitFor();
    expect(await alert.getByRole('link', { name: en.actions.supportService }).getAttribute('href')).toBe('/en/about#support');
    // "I've already paid" is for a payment still on its way, not for a decline.
    expect(await page.getByRole('button', { name: en.messages.alreadyPaid }).count()).toBe(0);
    // How long the free number is held while the visitor pays (a premium one: 30 min).
    const heldFor = escapeRegExp(fill(en.payment.heldForHours, { hours: 12, time: '@' })).replace(
      '@',
      '\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d',
    );
    await page
      .locator('main')
      .getByText(new RegExp(`^${heldFor}$`))
      .waitFor();
    // The method of the declined payment is preselected; another one is a click away, no Try Again first.
    expect(await page.getByRole('radio', { name: 'Bank card' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Uzum' }).check();
    await page.getByRole('button', { name: payButton(en) }).click();
    await page.waitForURL(/sandbox/);
    await page.getByRole('button', { name: API_MESSAGES.en.sandbox.approve }).click();
    await page.getByRole('heading', { name: en.messages.activated }).waitFor();
    expect(siteProblems(problems)).toEqual([]);
    await context.close();
  });

  it('fits the methods and the pay button with its amount on the first screen of a 390x844 phone, and after a decline the message, the first methods and the bar', async () => {
    const context = await newContext(browser, { locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await open(page, 'en', '/numbers');
    await reserve(page, en, 9);
    await chooseEsimAndTariff(page, en, /^Oq Start/);
    await confirmPhone(page, en);
    await identify(page, en, 'AA7777778', '01.02.1985');
    await page.getByRole('heading', { name: en.payment.summary.title }).waitFor();
    const pay = page.getByRole('button', { name: payButton(en) });
    expect(await pay.textContent()).toMatch(/^Pay [\d,]+\u00a0UZS$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Every method, its hint too, ends above the bar, which sits on the screen's bottom edge.
    const bar = (await page.locator('.payment-bar').boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(844);
    expect((await pay.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y);
    for (const method of await page.locator('.choice--provider').all()) {
      const box = (await method.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    }

    await page.setViewportSize({ width: 360, height: 640 });
    await startPayment(page, en, 'Bank card');
    await page.getByRole('button', { name: API_MESSAGES.en.sandbox.decline }).click();
    await page.waitForURL(/\/en\/payment\?order=.+&payment=declined/);
    const alert = page.getByRole('alert').filter({ hasText: en.payment.declined });
    await alert.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const part of [alert.getByText(en.payment.declined), pay]) {
      const box = (await part.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(640);
    }
    // On a 390x844 phone the first methods show above the bar at once, no Try Again first.
    await page.setViewportSize({ width: 390, height: 844 });
    const barTop = (await page.locator('.payment-bar').boundingBox())!.y;
    for (const name of ['Payme', 'Click']) {
      const box = (await page
        .locator('.choice--provider')
        .filter({ has: page.getByRole('radio', { name }) })
        .boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(barTop);
    }
    await context.close();
  });

  it('shows what to fix after a refused identification, with Retry, within the first 640 px of a 360x640 phone', async () => {
    const context = await newContext(browser, { locale: 'en-US', viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    await open(page, 'en', '/numbers?tariff=oq-plus&sim=esim');
    await reserve(page, en, 11);
    await page.getByRole('textbox', { name: en.purchase.options.email }).fill('visitor@example.uz');
    await page.getByRole('button', { name: en.purchase.options.continue }).click();
    await waitForPage(page, /\/en\/identification\?/, en.pages.identification.title);
    await confirmPhone(page, en);
    await identify(page, en, 'AB7654321', '20.07.1988');
    await page.waitForURL(/\/en\/identification\/retry\?.*reason=selfie_mirrored/);
    const hint = page.locator('main').getByText(en.identification.rejections.selfieMirrored);
    await hint.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const part of [hint, page.getByRole('link', { name: en.actions.retry })]) {
      const box = (await part.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(640);
    }
    await context.close();
  });

  it('sends a rejected identification to the retry page, which says what to fix and offers Retry and Support Service', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await open(page, 'en', '/numbers?tariff=oq-plus&sim=esim');
    await reserve(page, en, 10);
    // The tariff and the SIM type came in the link: only the e-mail is left to give.
    expect(await page.getByRole('radio', { name: /^eSIM/ }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: en.purchase.options.email }).fill('visitor@example.uz');
    await page.getByRole('button', { name: en.purchase.options.continue }).click();
    await waitForPage(page, /\/en\/identification\?tariff=oq-plus&sim=esim$/, en.pages.identification.title);
    await confirmPhone(page, en);
    await identify(page, en, 'AB7654321', '20.07.1988');
    await page.waitForURL(/\/en\/identification\/retry\?.*reason=selfie_mirrored/);
    await page.locator('main').getByText(en.identification.rejections.selfieMirrored).waitFor();
    expect(await page.getByRole('link', { name: en.actions.supportService }).getAttribute('href')).toBe('/en/about#support');
    await page.getByRole('link', { name: en.actions.retry }).click();
    await waitForPage(page, /\/en\/identification\?tariff=oq-plus&sim=esim$/, en.pages.identification.title);
    // The document typed before is still there to correct.
    expect(await page.getByRole('textbox', { name: en.identification.document }).inputValue()).toBe('AB7654321');
    await identify(page, en, 'AA1234567', '15.03.1990');
    await page.waitForURL(/\/en\/payment/);
    expect(siteProblems(problems)).toEqual([]);
    await context.close();
  });
});

describe('the booking on /numbers', () => {
  it('replaces the number only when asked, cancels the selection or the reservation, and frees the numbers', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await open(page, 'en', '/numbers?category=silver');
    const first = await reserve(page, en, 0);
    const second = page.getByRole('button', { name: /^Choose \+998/ }).first();
    const secondNumber = (await second.getAttribute('aria-label'))!.slice(7);
    await second.click();
    const question = page.getByRole('group', { name: en.numbers.choice.replaceTitle });
    await question.getByText(fill(en.numbers.choice.confirmReplace, { current: first, next: secondNumber })).waitFor();
    await question.getByRole('button', { name: en.numbers.choice.cancelSelection }).click();
    expect(await page.locator('.reservation-panel .phone-number').first().textContent()).toBe(first);
    // The price is the server's word on the booking, read by the booking route's loader.
    const price = page.locator('.reservation-panel__price');
    await price.waitFor();
    expect(await price.textContent()).toMatch(/\d/);

    await page.getByRole('button', { name: `Choose ${secondNumber}` }).click();
    await page.getByRole('button', { name: en.numbers.choice.replace, exact: true }).click();
    const outcome = page.locator('.number-card__outcome--success');
    await outcome.waitFor();
    expect(await outcome.textContent()).toBe(fill(en.numbers.choice.replaced, { number: secondNumber, released: first }));
    expect(await page.locator('.reservation-panel .phone-number').first().textContent()).toBe(secondNumber);
    await price.waitFor();
    const status = async (n: string) =>
      ((await (await fetch(`${site.origin}/api/v1/numbers/${encodeURIComponent(n.replace(/ /g, ''))}`)).json()) as { status: string })
        .status;
    expect(await status(first)).toBe('free');
    expect(await status(secondNumber)).toBe('reserved');

    await page.getByRole('button', { name: en.numbers.reservation.cancel }).click();
    await page
      .locator('main')
      .getByText(fill(en.numbers.reservation.cancelled, { number: secondNumber }))
      .waitFor();
    expect(await page.getByRole('heading', { name: en.numbers.reservation.title }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('reservation-token'))).toBeNull();
    expect(await status(secondNumber)).toBe('free');
    expect(siteProblems(problems)).toEqual([]);
    await context.close();
  });
});
