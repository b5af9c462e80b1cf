/**
 * Once per browser-test run: one Chromium for every test file, listening on 127.0.0.1. Each file
 * connects to it (e2e/browser.ts `launchBrowser`) and makes its own contexts, so no file pays for a
 * browser's start; each still starts its own site on a fresh store, a copy of the run's seeded one
 * (server/testing/global-setup.ts). Jest starts its workers after this, so they inherit the address
 * in their environment. Stopped by e2e/global-teardown.ts.
 */
import type { BrowserServer } from 'playwright-core';
import storesSetup from '../server/testing/global-setup';
import { BROWSER_ENDPOINT_VARIABLE, launchBrowserServer } from './browser';

export default async function globalSetup(): Promise<void> {
  storesSetup();
  const server = await launchBrowserServer();
  process.env[BROWSER_ENDPOINT_VARIABLE] = server.wsEndpoint();
  (globalThis as { e2eBrowserServer?: BrowserServer }).e2eBrowserServer = server;
}
