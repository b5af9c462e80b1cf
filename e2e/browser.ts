/**
 * The browser of the browser tests: Debian's Chromium headless shell (the same Blink and V8 as
 * Debian's Chromium, without the browser's window layer; what Playwright itself runs for headless
 * tests) launched for a machine without internet, and fresh profiles whose requests stay on this
 * machine (optionally CPU-throttled, `E2E_CPU_SLOWDOWN`). A page's load and hydration took 1.6 s
 * in it against 2.8 s in the full browser on the project's machine (bench/README.md, issue 51).
 */
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserServer } from 'playwright-core';
import type { Language } from '../shared/languages';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_MISSING = `Chromium's headless shell is missing at ${CHROMIUM_PATH}: install it once with apt-get install -y chromium-headless-shell`;

/** Where the run's one shared browser listens (set by e2e/global-setup.ts for the test workers). */
export const BROWSER_ENDPOINT_VARIABLE = 'E2E_BROWSER_ENDPOINT';

const LAUNCH_ARGS = [
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
];

/** How the browser is launched, whether as the run's shared one or a script's own. */
function launchOptions() {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  return { executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS };
}

/** The run's one browser, launched once by the global setup, its address handed to every worker. */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ ...launchOptions(), host: '127.0.0.1', port: 0 });
}

/**
 * The browser of a test file: a connection to the run's shared browser (each test makes its own
 * contexts, fresh profiles; closing the connection closes them), or, outside jest's run (a script),
 * a browser of its own. Starting Chromium took 2-6 s per file on the shared machine.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env[BROWSER_ENDPOINT_VARIABLE];
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch(launchOptions());
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
export function cpuSlowdown(): number {
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
    // A page slowed down on purpose takes that much longer to reach a state; a race is a wrong
    // state, not a late one, so the waits grow with the rate.
    context.setDefaultTimeout(30_000 * rate);
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
