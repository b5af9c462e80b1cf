// What a running countdown costs a slow phone every second: a booking's and an auction lot's
// countdowns tick once a second, and whatever re-renders on the tick runs on the main thread for
// as long as the visitor keeps the page open. In Debian's Chromium with the CPU slowed 4x (as
// bench:hydration) and a phone's screen, the script opens the first running lot's page, then
// books the first number on /en/numbers, and reads the renderer's own
// counters (CDP Performance.getMetrics: TaskDuration, ScriptDuration, RecalcStyleDuration,
// LayoutDuration) over TICK_SECONDS (10)
// seconds on each: the lot's page, /en/numbers and /en/identification (the next step, still
// with the booking).
// The same window with no booking is the page's floor. Prints the main thread's milliseconds per
// second, the median of TICK_RUNS (3) fresh browsers.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { heading, loadAverage, table } from './lib/format.mjs';
import { startBrowserSite } from './lib/pages.mjs';
import { ROOT } from './lib/processes.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number.parseInt(process.env.TICK_RUNS ?? '3', 10) || 3);
const SECONDS = Math.max(1, Number(process.env.TICK_SECONDS ?? '10') || 10);
const SLOWDOWN = Number(process.env.TICK_SLOWDOWN ?? '4') || 4;
const SETTLE_MS = 3000;
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', 'en.json'), 'utf8'));

/** The main thread's task and script time, in ms per second, over SECONDS on the page as it is. */
async function perSecond(page, cdp) {
  await page.waitForTimeout(SETTLE_MS);
  const read = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await read();
  await page.waitForTimeout(SECONDS * 1000);
  const after = await read();
  const rate = (name) => ((after[name] - before[name]) * 1000) / SECONDS;
  return { task: rate('TaskDuration'), script: rate('ScriptDuration'), style: rate('RecalcStyleDuration'), layout: rate('LayoutDuration') };
}

async function oneRun(origin, lotPage) {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ ...PHONE, locale: 'en-GB' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await page.goto(`${origin}${lotPage}`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('timer').waitFor();
    const lot = await perSecond(page, cdp);
    await page.goto(`${origin}/en/numbers`);
    await page.locator('html[data-hydrated]').waitFor();
    const free = await perSecond(page, cdp);
    await page.locator('.number-card').first().getByRole('button').click();
    await page.getByRole('heading', { name: en.numbers.reservation.title }).waitFor();
    const numbers = await perSecond(page, cdp);
    await page.goto(`${origin}/en/identification`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('timer').waitFor();
    const identification = await perSecond(page, cdp);
    return { lot, free, numbers, identification };
  } finally {
    await browser.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { site, origin, pages } = await startBrowserSite('/en/numbers?lot=');
try {
  const [lotPage] = pages;
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await oneRun(origin, lotPage));
  const row = (label, key) => [
    label,
    `${median(runs.map((r) => r[key].task)).toFixed(1)} ms`,
    `${median(runs.map((r) => r[key].script)).toFixed(1)} ms`,
    `${median(runs.map((r) => r[key].style)).toFixed(1)} ms`,
    `${median(runs.map((r) => r[key].layout)).toFixed(1)} ms`,
  ];
  console.log(heading(`The main thread's time per second, CPU ${SLOWDOWN}x slower, median of ${RUNS} (load ${loadAverage()})`));
  console.log(
    table(
      ['page', 'tasks', 'script', 'style', 'layout'],
      [
        row(`${lotPage}, auction running`, 'lot'),
        row('/en/numbers, no booking', 'free'),
        row('/en/numbers, booking held', 'numbers'),
        row('/en/identification, booking held', 'identification'),
      ],
      ['left'],
    ),
  );
} finally {
  await site.stop();
}
