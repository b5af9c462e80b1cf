/** After the browser-test run: the shared Chromium of e2e/global-setup.ts is closed, the seeded stores removed. */
import type { BrowserServer } from 'playwright-core';
import storesTeardown from '../server/testing/global-teardown';

export default async function globalTeardown(): Promise<void> {
  storesTeardown();
  await (globalThis as { e2eBrowserServer?: BrowserServer }).e2eBrowserServer?.close();
}
