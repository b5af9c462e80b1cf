import type { createBrowserRouter } from 'react-router';
import type { BootData } from '../framework/runtime';
import { startFirebaseAnalytics } from './analytics/firebase';
import { startMetrika } from './analytics/metrika';
import { startTagManager } from './analytics/tag-manager';
import { startBuildUpdates } from './build-updates';
import { watchSystemColourScheme } from './colour-mode';
import { inTelegramShell } from './telegram/shell';

export type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/** Started after hydration; none of these may block or break the page. */
export function startBrowserServices(boot: BootData, router: BrowserRouter): void {
  watchSystemColourScheme();
  // Inside Telegram's Mini App: Telegram's SDK and the Mini App's wiring, a chunk of their own that
  // no page outside Telegram loads (client/platform/telegram/mini-app.ts). A failed load leaves the
  // pages as they are, their own buttons included.
  if (inTelegramShell())
    void import('./telegram/mini-app').then(
      ({ startMiniApp }) => startMiniApp(router),
      () => undefined,
    );
  startBuildUpdates(boot.buildId, boot.config.buildCheckIntervalMinutes, router);
  // Each is off unless configured, loads after hydration and only logs its own failure.
  void startFirebaseAnalytics(boot.config.firebase);
  startTagManager(boot.config.gtmId);
  startMetrika(boot.config.metrikaId);
  // Said on the page, as data-hydrated is: a browser test waits for it before it acts on a new
  // build or a changed colour scheme, which only these services follow.
  document.documentElement.setAttribute('data-services', 'started');
}
