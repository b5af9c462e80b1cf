// A slow phone on /numbers (issue 63, item 5): Chromium's headless shell with the network of
// DevTools' "Fast 3G" (Network.emulateNetworkConditions: 562.5 ms latency, 1.44 Mbit/s down,
// 675 kbit/s up) and the CPU slowed 4x (Emulation.setCPUThrottlingRate), a fresh context (no
// cache) per run. Per build, median of SLOW_PHONE_RUNS runs (3), from the navigation's start:
//   - the first number painted (the frame after the first number card is in the document);
//   - the first Choose enabled (before issue 63 it was disabled until hydration);
//   - Choose tapped the moment it is enabled, and the page saying the number is reserved: the
//     server's page after the form's POST (before the scripts ran), or the booking panel (after);
//   - hydration (html[data-hydrated]), for reference.
// Then, unthrottled, the taps of one visitor from /numbers to paid (Choose, the SIM and tariff,
// the SMS step, identification, the payment and the provider's approval), each named: a tap is a
// click or a check; typing into a field is counted apart.
// SLOW_PHONE_BEFORE=<another build's dist folder> measures that build first, the same way.
import { chromium } from 'playwright-core';
import { heading, table } from './lib/format.mjs';
import { DIST_DIR, startSite } from './lib/processes.mjs';
import en from '../locales/en.json' with { type: 'json' };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const RUNS = Math.max(1, Number.parseInt(process.env.SLOW_PHONE_RUNS ?? '3', 10) || 3);
const BEFORE = process.env.SLOW_PHONE_BEFORE ?? null;
const PAGE = '/en/numbers';
// DevTools' "Fast 3G" preset, in bytes a second.
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6e6 * 0.9) / 8, uploadThroughput: (750e3 * 0.9) / 8 };
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'en-US' };
// Every run books a number from the one address: the API's per-client limits would refuse the later runs.
const SITE_ENV = {
  LIMIT_RESERVATIONS_PER_HOUR: '1000',
  LIMIT_HOLDS_PER_CLIENT: '1000',
  LIMIT_HOLDS_PER_NETWORK: '1000',
  DEMO_SMS_CODE: '123456',
};

/**
 * Notes in each document (from its first script on), in epoch ms kept in sessionStorage so they
 * outlive the form's POST and redirect: the first number card, its frame, the first enabled
 * Choose, the tap, and the page saying the number is reserved.
 */
/* global document, requestAnimationFrame, MutationObserver */
function instrument() {
  const KEY = '__slowPhone';
  const note = (name, at = performance.timeOrigin + performance.now()) => {
    const notes = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    if (name in notes) return;
    notes[name] = at;
    sessionStorage.setItem(KEY, JSON.stringify(notes));
  };
  const check = () => {
    if (document.querySelector('.number-card__number')) requestAnimationFrame(() => setTimeout(() => note('numberPainted'), 0));
    const choose = document.querySelector('.number-card button');
    if (choose && !choose.disabled) note('chooseEnabled');
    if (document.querySelector('.reservation-panel, .reservation-status .notice--success')) note('reserved');
    if (document.documentElement.dataset.hydrated) note('hydrated');
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener('click', () => note('tapped'), true);
  if (!sessionStorage.getItem('__slowPhoneStart')) sessionStorage.setItem('__slowPhoneStart', String(performance.timeOrigin));
}

async function slowRun(browser, origin) {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(instrument);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${origin}${PAGE}`, { waitUntil: 'commit' });
    const choose = page.locator('.number-card button').first();
    await choose.waitFor({ timeout: 60_000 });
    // Tapped the moment it can be: Playwright waits for it to be enabled, visible and still.
    await choose.click({ timeout: 60_000 });
    await page.waitForFunction(() => JSON.parse(sessionStorage.getItem('__slowPhone') ?? '{}').reserved, null, { timeout: 60_000 });
    await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 });
    const { notes, start } = await page.evaluate(() => ({
      notes: JSON.parse(sessionStorage.getItem('__slowPhone') ?? '{}'),
      start: Number(sessionStorage.getItem('__slowPhoneStart')),
    }));
    return Object.fromEntries(Object.entries(notes).map(([name, at]) => [name, at - start]));
  } finally {
    await context.close();
  }
}

/** One visitor from /numbers to paid, unthrottled: every tap named, and the fields typed. */
async function tapsToPaid(browser, origin) {
  const context = await browser.newContext({ locale: 'en-US' });
  const taps = [];
  let typed = 0;
  const tap = async (name, locator, how = 'click') => {
    taps.push(name);
    await locator[how]();
  };
  const type = async (locator, text) => {
    typed += 1;
    await locator.fill(text);
  };
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${PAGE}`);
    await page.waitForSelector('html[data-hydrated]');
    await tap('Choose', page.locator('.number-card button').first());
    await page.getByRole('heading', { name: en.numbers.reservation.title }).waitFor();
    await tap('eSIM', page.getByRole('radio', { name: /^eSIM/ }), 'check');
    await type(page.getByRole('textbox', { name: en.purchase.options.email }), 'visitor@example.uz');
    await tap('tariff', page.getByRole('radio', { name: /^Oq Smart/ }), 'check');
    await tap(en.purchase.options.continue, page.getByRole('button', { name: en.purchase.options.continue }));
    await page.waitForURL(/\/identification\?/);
    await page.getByRole('heading', { level: 1, name: en.pages.identification.title, exact: true }).waitFor();
    await type(page.getByRole('textbox', { name: en.purchase.phone.label }), `+998 90 ${1000000 + Math.floor(Math.random() * 8999999)}`);
    await tap(en.purchase.phone.send, page.getByRole('button', { name: en.purchase.phone.send }));
    // The sixth digit confirms the code by itself: no tap.
    await type(page.getByRole('textbox', { name: en.purchase.phone.codeLabel }), '123456');
    await page.locator('main').getByText(en.purchase.phone.confirmed).waitFor();
    await type(page.getByRole('textbox', { name: en.identification.document }), 'AA1234567');
    await type(page.getByRole('textbox', { name: en.identification.birthDate }), '15.03.1990');
    await tap('the contract', page.getByRole('checkbox', { name: en.identification.contract }), 'check');
    await tap(en.identification.submit, page.getByRole('button', { name: en.identification.submit }));
    await page.getByRole('heading', { name: en.payment.summary.title }).waitFor();
    await tap('Payme', page.getByRole('radio', { name: 'Payme' }), 'check');
    await tap(en.payment.pay, page.getByRole('button', { name: en.payment.pay }));
    await page.waitForURL(/\/api\/v1\/sandbox\/payments\//);
    // The provider's page (the API's sandbox): its one button approves the payment.
    await tap("the provider's approval", page.locator('form button[type="submit"], form button').first());
    await page.waitForURL(/\/en\/success\?order=/);
    await page.getByRole('heading', { name: en.messages.activated }).waitFor();
    return { taps, typed };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const NAMES = [
  ['numberPainted', 'first number painted'],
  ['chooseEnabled', 'Choose enabled'],
  ['tapped', 'Choose tapped'],
  ['reserved', 'reserved (the page says so)'],
  ['hydrated', 'hydrated'],
];

async function measure(label, distDir) {
  const site = await startSite({ env: SITE_ENV, distDir });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const runs = [];
    for (let run = 1; run <= RUNS; run += 1) {
      console.log(`${label}: slow phone, run ${run} of ${RUNS} ...`);
      runs.push(await slowRun(browser, site.origin));
    }
    console.log(`${label}: taps from /numbers to paid ...`);
    const journey = await tapsToPaid(browser, site.origin);
    return { label, runs, journey };
  } finally {
    await browser.close();
    await site.stop();
  }
}

const builds = [...(BEFORE ? [['before', BEFORE]] : []), ['after', DIST_DIR]];
const results = [];
for (const [label, dir] of builds) results.push(await measure(`${label} (${dir})`, dir));

console.log(heading(`/numbers on a slow phone: Fast 3G, CPU 4x slower; ms from the navigation's start, median of ${RUNS}`));
console.log(
  table(
    ['', ...results.map((r) => r.label)],
    NAMES.map(([key, name]) => [
      name,
      ...results.map((r) => {
        const values = r.runs.map((run) => run[key]).filter((value) => typeof value === 'number');
        return values.length ? `${Math.round(median(values))} ms` : '—';
      }),
    ]),
    ['left', ...results.map(() => 'right')],
  ),
);
console.log(heading('Taps from /numbers to paid'));
for (const r of results)
  console.log(`${r.label}: ${r.journey.taps.length} taps (${r.journey.taps.join(', ')}); ${r.journey.typed} fields typed`);
