import { init, isColorDark, miniApp, retrieveLaunchParams, themeParams, viewport } from '@telegram-apps/sdk-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { languageFromPath } from '../../../shared/languages';
import { driveBackButton, driveMainButton } from './buttons';
import { languageChosen, launchTarget } from './launch';
import { TELEGRAM_SESSION_KEY } from './shell';
import { applyTelegramTheme, removeTelegramTheme } from './theme';

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

/** Leaves Telegram mode: the site's own look again. */
function leaveTelegramMode() {
  sessionStorage.removeItem(TELEGRAM_SESSION_KEY);
  document.documentElement.removeAttribute('data-shell');
  removeTelegramTheme();
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

/**
 * The Mini App's part of the site (issue 53), its own chunk: loaded only when the document is in
 * Telegram mode (TelegramShell.tsx). Starts Telegram's SDK, applies its theme, opens the page the
 * launch asks for, and drives the Back and Main buttons. Renders nothing.
 */
export function MiniApp() {
  const navigate = useNavigate();
  const { pathname, search, key } = useLocation();
  const back = useRef<{ update: () => void; stop: () => void } | null>(null);
  // The page the Mini App opened on, as the router has it (the launch effect runs once).
  const opened = useRef({ pathname, search });

  useEffect(() => {
    const launch = readLaunch();
    if (!launch) {
      leaveTelegramMode();
      return undefined;
    }
    const stopSdk = startSdk();
    const target = launchTarget({
      ...opened.current,
      pageLanguage: languageFromPath(opened.current.pathname),
      languageChosen: languageChosen(document.cookie),
      languageCode: launch.languageCode,
      startParam: sessionStorage.getItem(START_FOLLOWED_KEY) ? undefined : launch.startParam,
    });
    sessionStorage.setItem(START_FOLLOWED_KEY, '1');
    if (target) void navigate(target, { replace: true });
    const stopMain = driveMainButton();
    back.current = driveBackButton(() => void navigate(-1));
    return () => {
      back.current?.stop();
      back.current = null;
      stopMain();
      stopSdk();
    };
  }, [navigate]);

  // After each navigation: Back shows unless this is the Mini App's first page.
  useEffect(() => back.current?.update(), [pathname, search, key]);
  return null;
}
