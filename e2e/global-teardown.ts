/** After the browser-test run: the shared Chromium of e2e/global-setup.ts is closed. */
import type { BrowserServer } from 'playwright-core';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { e2eBrowserServer?: BrowserServer }).e2eBrowserServer?.close();
}
