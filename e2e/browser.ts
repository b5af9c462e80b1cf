/**
 * The browser of the browser tests: Debian's Chromium launched for a machine without internet, and
 * fresh profiles whose requests stay on this machine (optionally CPU-throttled, `E2E_CPU_SLOWDOWN`).
 */
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { Language } from '../shared/languages';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_MISSING = 'Chromium is missing: install it once with apt-get install -y chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      // This machine has no internet: keep Chromium from calling home.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
    ],
  });
}

export function isLoopback(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The browser's locale a visitor of each language has. */
export const BROWSER_LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US', uz: 'uz-UZ', 'uz-cyrl': 'uz-Cyrl-UZ' };

/**
 * `E2E_CPU_SLOWDOWN=4`: every page of the run gets Chromium's CPU throttling (as DevTools' "4x
 * slowdown"). A tool for hunting render-order races, which otherwise show once in many runs on a
 * busy machine: a test that reads a state at once, where the page commits it a moment later,
 * fails here within a few runs. Unset (the default) or 1, the pages run at full speed.
 */
function cpuSlowdown(): number {
  const raw = process.env.E2E_CPU_SLOWDOWN;
  if (raw === undefined || raw === '') return 1;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`E2E_CPU_SLOWDOWN must be a number of 1 or more, not "${raw}"`);
  return rate;
}

/** A fresh browser profile whose requests never leave this machine (off-machine ones are refused). */
export async function newContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'ru-RU', ...options });
  await context.route(
    (url) => !isLoopback(url.href),
    (route) => route.abort('connectionrefused'),
  );
  const rate = cpuSlowdown();
  if (rate > 1) {
    context.on('page', (page) => {
      void context
        .newCDPSession(page)
        .then((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate }))
        .catch(() => {
          // The page closed before its session opened: nothing left to slow down.
        });
    });
  }
  return context;
}
