import type { createBrowserRouter } from 'react-router';
import type { BootData } from '../runtime';
import { startBuildUpdates } from './build-updates';
import { watchSystemColourScheme } from './colour-mode';

export type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/** Started after hydration; none of these may block or break the page. */
export function startBrowserServices(boot: BootData, router: BrowserRouter): void {
  watchSystemColourScheme();
  startBuildUpdates(boot.buildId, boot.config.buildCheckIntervalMinutes, router);
}
