import type { Browser, BrowserContext, Page } from 'playwright-core';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import request from 'supertest';
import { CATALOGUES } from '../locales/catalogues';
import en from '../locales/en.json';
import { payAndApprove, PHYSICAL_ORDER, placeOrder } from '../server/api/test-support/test-api';
import type { EsimProfile } from '../shared/api-types';
import { localizePath, type Language } from '../shared/languages';
import { DEVICE_UAS } from '../shared/testing/user-agents';
import { ACCESS_TOKEN_KEY } from '../shared/tokens';
import {
  BROWSER_LOCALES as LOCALES,
  axeViolations,
  collectProblems,
  escapeRegExp,
  newContext,
  waitForHydration,
  type Site,
  withSiteAndBrowser,
} from './support';

/** Issue 32: the eSIM installed from the success page, and the eSIM check before paying. */

const TEXTS = CATALOGUES;
const PHONE = { width: 390, height: 844 };

let site: Site;
let browser: Browser;
withSiteAndBrowser({}, (started) => ({ site, browser } = started));

/** One activated eSIM order per language the success page is opened in, bought through the API as the purchase pages do. */
const orders = {} as Record<'en' | 'ru', { id: string; accessToken: string; esim: EsimProfile }>;
let phoneSeq = 0;
beforeAll(async () => {
  for (const lang of ['en', 'ru'] as const) {
    const { order, accessToken } = await placeOrder(site.app, `+99890777000${++phoneSeq}`);
    await payAndApprove(site.app, order.id, accessToken);
    const read = await request(site.app).get(`/api/v1/orders/${order.id}`).set('Authorization', `Bearer ${accessToken}`).expect(200);
    orders[lang] = { id: order.id, accessToken, esim: read.body.esim as EsimProfile };
  }
});

/** The success page of the language's order, in a browser holding the order's token. */
async function successPage(
  lang: 'en' | 'ru',
  options: Parameters<Browser['newContext']>[0],
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await newContext(browser, { locale: LOCALES[lang], ...options });
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [ACCESS_TOKEN_KEY, orders[lang].accessToken] as const);
  await page.goto(`${site.origin}${localizePath('/success', lang)}?order=${orders[lang].id}`);
  await waitForHydration(page);
  await page.getByRole('heading', { name: TEXTS[lang].esim.title }).waitFor();
  return { context, page, problems };
}

const installButtons = (page: Page, c: (typeof TEXTS)[Language]) =>
  page.getByRole('link', {
    name: new RegExp(`^(${[c.esim.installHere, c.esim.installIos, c.esim.installAndroid].map(escapeRegExp).join('|')})$`),
  });

// Each device's journey once, each in another language; every language's texts of the block are the
// component tests' (EsimInstall.test.tsx).
describe('the eSIM on the success page', () => {
  it('on an iPhone with iOS 17.4, 390 px wide: one button, Apple’s install link with the code URL-encoded', async () => {
    const lang = 'ru';
    const c = TEXTS[lang];
    const { context, page, problems } = await successPage(lang, {
      userAgent: DEVICE_UAS.iphone174,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    const { activationCode } = orders[lang].esim;
    const button = page.getByRole('link', { name: c.esim.installHere, exact: true });
    await button.waitFor();
    const link = (await button.getAttribute('href'))!;
    expect(link).toBe(`https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(activationCode)}`);
    expect(link).toContain('carddata=LPA%3A1%24');
    expect(new URL(link).searchParams.get('carddata')).toBe(activationCode);
    expect(await installButtons(page, c).count()).toBe(1);
    // The button comes first, the success card's main action, then the QR code, then the codes with Copy.
    expect(await button.getAttribute('data-main-action')).not.toBeNull();
    const order = await page.evaluate(() =>
      ['.success-card [data-main-action]', '.esim-qr', '.esim-codes'].map(
        (selector) => document.querySelector(selector)!.getBoundingClientRect().top,
      ),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(await page.locator('.esim-codes').getByText(activationCode, { exact: true }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('at desktop width: no install button, a QR code that reads back as exactly the activation code, and Copy', async () => {
    const lang = 'en';
    const c = TEXTS[lang];
    const { context, page, problems } = await successPage(lang, {
      userAgent: DEVICE_UAS.windows,
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const { activationCode } = orders[lang].esim;
    const qr = page.getByRole('img', { name: c.esim.qrLabel });
    await qr.locator('svg').waitFor();
    expect(await installButtons(page, c).count()).toBe(0);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(200);

    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(activationCode);

    await page.getByRole('button', { name: `${c.esim.copyWhat.replace('{{what}}', c.esim.activationCode)}`, exact: true }).click();
    await page.getByText(c.esim.copied.replace('{{what}}', c.esim.activationCode), { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(activationCode);
    await page.getByRole('button', { name: `${c.esim.copyWhat.replace('{{what}}', c.esim.smdp)}`, exact: true }).click();
    await page.getByText(c.esim.copied.replace('{{what}}', c.esim.smdp), { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orders[lang].esim.smdpAddress);

    expect(await axeViolations(page, { within: '.esim-install' })).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the eSIM on the success page, in its odd cases', () => {
  it('shows the part’s error with Retry when the activated order comes without its profile, and the codes after Retry', async () => {
    const context = await newContext(browser, { locale: 'en-US', viewport: PHONE });
    const page = await context.newPage();
    await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [ACCESS_TOKEN_KEY, orders.en.accessToken] as const);
    const orderPath = `**/api/v1/orders/${orders.en.id}`;
    await page.route(orderPath, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), esim: null } });
    });
    await page.goto(`${site.origin}/en/success?order=${orders.en.id}`);
    await waitForHydration(page);
    const error = page.locator('.load-error', { hasText: en.esim.missing });
    await error.waitFor();
    expect(await page.locator('.esim-qr, .esim-install').count()).toBe(0);
    await page.unroute(orderPath);
    await error.getByRole('button', { name: en.actions.retry }).click();
    await page.getByRole('heading', { name: en.esim.title }).waitFor();
    expect(await page.locator('.esim-codes').getByText(orders.en.esim.activationCode, { exact: true }).count()).toBe(1);
    await context.close();
  });

  it('shows no eSIM block for a SIM card', async () => {
    const { order, accessToken } = await placeOrder(site.app, '+998907770099', PHYSICAL_ORDER, 1);
    await payAndApprove(site.app, order.id, accessToken);
    const context = await newContext(browser, { locale: 'en-US', viewport: PHONE });
    const page = await context.newPage();
    await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [ACCESS_TOKEN_KEY, accessToken] as const);
    await page.goto(`${site.origin}/en/success?order=${order.id}`);
    await waitForHydration(page);
    await page.getByText(en.success.courier.replace('{{address}}', 'Tashkent, Chilonzor 9, 14'), { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: en.esim.title }).count()).toBe(0);
    expect(await page.locator('.esim-install, .esim-qr, .load-error').count()).toBe(0);
    await context.close();
  });

  it('in another browser, without the order’s token, shows the “no order” state and never the code', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const seen: string[] = [];
    page.on(
      'response',
      (response) =>
        void response.text().then(
          (body) => seen.push(body),
          () => undefined,
        ),
    );
    await page.goto(`${site.origin}/en/success?order=${orders.en.id}`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: en.success.noOrderTitle }).waitFor();
    expect(await page.getByRole('heading', { name: en.esim.title }).count()).toBe(0);
    expect(seen.join('\n')).not.toContain(orders.en.esim.matchingId);
    await context.close();
  });
});

// Each device once, each in another language; every language's texts of the check are the
// component tests' (EsimDeviceCheck.test.tsx).
describe('the eSIM check at the SIM choice', () => {
  async function simChoice(lang: Language, userAgent: string, index: number) {
    const c = TEXTS[lang];
    const context = await newContext(browser, {
      locale: LOCALES[lang],
      userAgent,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${site.origin}${localizePath('/numbers', lang)}`);
    await waitForHydration(page);
    await page.locator('.number-card').nth(index).getByRole('button').click();
    await page.getByRole('radio', { name: /^eSIM/ }).check();
    await page.locator('#esim-check').getByText(c.esim.check.eid, { exact: true }).waitFor();
    return { context, page };
  }

  it('says “likely supported” on a recent iPhone, with the EID check and the carrier-lock warning, and blocks nothing', async () => {
    const c = TEXTS.uz;
    const { context, page } = await simChoice('uz', DEVICE_UAS.iphone174, 3);
    const check = page.locator('#esim-check');
    await check.getByText(c.esim.check.likely, { exact: true }).waitFor();
    expect(await check.getByText(c.esim.check.locked, { exact: true }).count()).toBe(1);
    expect(await page.getByRole('radio', { name: /^eSIM/ }).isChecked()).toBe(true);
    expect(await axeViolations(page, { within: '#esim-check' })).toEqual([]);
    await context.close();
  });

  it('on a phone it cannot name, says it cannot tell and gives the EID check', async () => {
    const c = TEXTS.en;
    const { context, page } = await simChoice('en', DEVICE_UAS.featurePhone, 6);
    const check = page.locator('#esim-check');
    await check.getByText(c.esim.check.unknown, { exact: true }).waitFor();
    expect(await check.getByText(c.esim.check.likely, { exact: true }).count()).toBe(0);
    expect(await check.getByText(c.esim.check.eid, { exact: true }).count()).toBe(1);
    await context.close();
  });
});
