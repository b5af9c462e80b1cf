import { init, isColorDark, miniApp, retrieveLaunchParams, themeParams, viewport } from '@telegram-apps/sdk-react';
import type { createBrowserRouter } from 'react-router';
import { languageFromPath } from '../../../shared/languages';
import { driveBackButton, driveMainButton } from './buttons';
import { languageChosen, launchTarget } from './launch';
import { offerTelegramPhone } from './phone-choice';
import { applyTelegramTheme } from './theme';

/** sessionStorage: the start parameter was followed once; a reload of the session does not again. */
const START_FOLLOWED_KEY = 'telegram-start-followed';

interface Launch {
  languageCode: string | undefined;
  startParam: string | undefined;
}

/** Telegram's launch parameters, or null when this is not (or no longer) a Mini App. */
function readLaunch(): Launch | null {
  try {
    const params = retrieveLaunchParams();
    const user = params.tgWebAppData?.user as { language_code?: string } | undefined;
    return { languageCode: user?.language_code, startParam: params.tgWebAppStartParam };
  } catch {
    return null;
  }
}

/** Starts the SDK and the theme; the function it returns stops them. */
function startSdk(): () => void {
  const cleanup = init();
  if (miniApp.mountSync.isAvailable()) miniApp.mountSync();
  if (viewport.expand.isAvailable()) viewport.expand();
  let stopTheme = () => {};
  if (themeParams.mountSync.isAvailable()) {
    themeParams.mountSync();
    // Dark or light from the new background itself: the SDK's isDark() may still hold the old theme here.
    const apply = (theme = themeParams.state()) => applyTelegramTheme(theme, theme.bg_color ? isColorDark(theme.bg_color) : false);
    apply();
    stopTheme = themeParams.state.sub((theme) => apply(theme));
  }
  if (miniApp.ready.isAvailable()) miniApp.ready();
  return () => {
    stopTheme();
    cleanup();
  };
}

/** The site's router (react-router's, client/app/start.tsx): where the Mini App navigates and what it follows. */
export type MiniAppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'navigate' | 'subscribe'>;

/**
 * The Mini App's part of the site (issue 53), its own chunk: started with the browser services
 * (client/app/browser-services.ts) only when the document is in Telegram mode (shell.ts).
 * Starts Telegram's SDK, applies its theme, opens the page the launch asks for, and drives the
 * Back and Main buttons, and offers the phone Telegram shares in the phone step. The pages carry
 * none of this: it reads what they render (buttons.ts, phone-choice.tsx). Returns the function that
 * stops it all, or null when the document is no Mini App after all (no launch parameters).
 */
export function startMiniApp(router: MiniAppRouter): (() => void) | null {
  const launch = readLaunch();
  if (!launch) return null;
  const stopSdk = startSdk();
  const { pathname, search } = router.state.location;
  const target = launchTarget({
    pathname,
    search,
    pageLanguage: languageFromPath(pathname),
    languageChosen: languageChosen(document.cookie),
    languageCode: launch.languageCode,
    startParam: sessionStorage.getItem(START_FOLLOWED_KEY) ? undefined : launch.startParam,
  });
  sessionStorage.setItem(START_FOLLOWED_KEY, '1');
  if (target) void router.navigate(target, { replace: true });
  const stopMain = driveMainButton();
  const stopPhone = offerTelegramPhone(() => languageFromPath(router.state.location.pathname));
  const back = driveBackButton(() => void router.navigate(-1));
  // After each navigation: Back shows unless this is the Mini App's first page.
  const stopFollowing = router.subscribe(() => back.update());
  return () => {
    stopFollowing();
    back.stop();
    stopPhone();
    stopMain();
    stopSdk();
  };
}
