// One page load of bench/hydration.mjs traced in a fresh Chromium: a phone's screen, the CPU
// slowed, from navigation until the page is idle (no long task for a few seconds).
import { chromium } from 'playwright-core';
import { LONG_TASK_MS } from './long-tasks.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// After the load event, the page is idle once this long has passed without a task of 50 ms.
const QUIET_MS = 3000;
// `fonts`: Chromium's font lookups (FontCache::GetFontPlatformData and the font service's calls in it).
export const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'fonts',
];
export const PROFILE_CATEGORIES = [...CATEGORIES, 'disabled-by-default-v8.cpu_profiler'];

/** A phone's screen, as Lighthouse's mobile preset (Moto G Power). */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

function languageOf(pagePath) {
  const prefix = /^\/(en|uz-cyrl|uz)(\/|$)/.exec(pagePath)?.[1];
  return { en: 'en-GB', uz: 'uz-UZ', 'uz-cyrl': 'uz-Cyrl-UZ' }[prefix] ?? 'ru-RU';
}

/** Loads one page in a fresh Chromium, its CPU slowed `slowdown` times, and returns its trace events. */
export async function traceLoad(url, categories, slowdown) {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ ...PHONE, locale: languageOf(new URL(url).pathname) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await browser.startTracing(page, { categories });
    await page.goto(url, { waitUntil: 'load' });
    // Idle: QUIET_MS without a long task (observed in the page itself), 30 s at most.
    await page.evaluate(
      ({ quietMs, longMs }) =>
        new Promise((resolve) => {
          let timer = setTimeout(resolve, quietMs);
          new PerformanceObserver((list) => {
            if (list.getEntries().some((entry) => entry.duration > longMs)) {
              clearTimeout(timer);
              timer = setTimeout(resolve, quietMs);
            }
          }).observe({ type: 'longtask' });
          setTimeout(resolve, 30000);
        }),
      { quietMs: QUIET_MS, longMs: LONG_TASK_MS },
    );
    const buffer = await browser.stopTracing();
    return JSON.parse(buffer.toString('utf8')).traceEvents;
  } finally {
    await browser.close();
  }
}
