import type { createBrowserRouter } from 'react-router';
import type { BootData } from '../framework/runtime';
import { startFirebaseAnalytics } from '../platform/analytics/firebase';
import { startMetrika } from '../platform/analytics/metrika';
import { startTagManager } from '../platform/analytics/tag-manager';
import { startBuildUpdates } from '../platform/build-updates';
import { watchSystemColourScheme } from '../platform/colour-mode';
import { inTelegramShell, leaveTelegramShell } from '../features/telegram/shell';

export type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/** Started after hydration; none of these may block or break the page. */
export function startBrowserServices(boot: BootData, router: BrowserRouter): void {
  // Inside Telegram's Mini App: Telegram's SDK and the Mini App's wiring, a chunk of their own that
  // no page outside Telegram loads (client/features/telegram/mini-app.ts); its theme decides the
  // colours there, not the system's scheme. A document that is no Mini App after all leaves
  // Telegram mode; a failed load leaves the pages as they are, their own buttons included. Either
  // follows the system's scheme. Only shell.ts, the mode's test, is in this chunk.
  if (inTelegramShell())
    void import('../features/telegram/mini-app').then(
      ({ startMiniApp }) => {
        if (startMiniApp(router)) return;
        leaveTelegramShell();
        watchSystemColourScheme();
      },
      () => watchSystemColourScheme(),
    );
  else watchSystemColourScheme();
  startBuildUpdates(boot.buildId, boot.config.buildCheckIntervalMinutes, router);
  // Each is off unless configured, loads after hydration and only logs its own failure.
  void startFirebaseAnalytics(boot.config.firebase);
  startTagManager(boot.config.gtmId);
  startMetrika(boot.config.metrikaId);
  // Said on the page, as data-hydrated is: a browser test waits for it before it acts on a new
  // build or a changed colour scheme, which only these services follow.
  document.documentElement.setAttribute('data-services', 'started');
}
