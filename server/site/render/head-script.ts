import { COLOUR_MODE_KEY } from '../../../client/platform/colour-mode';
import { TELEGRAM_SESSION_KEY } from '../../../client/features/telegram/shell';

// The one inline script of every document's head (client/app/document.tsx, given through the
// runtime), run before the body is parsed so the first paint already has what it sets. The browser
// keeps what the server wrote, so no JavaScript file carries it: kept here, with the server, where
// esbuild cannot leave a copy in the browser's bundle (it keeps an unused template literal).
// The same bytes for every visitor: the page store keeps a page with its CSP's hash of this script.

/**
 * The colour mode: data-colour-mode and data-theme from the stored preference and the system's
 * scheme (no flash after a reload). Kept tiny and dependency-free; mirrors applyColourMode
 * (client/platform/colour-mode.ts).
 */
const COLOUR_MODE_SCRIPT = `(function(){var m='system';try{m=localStorage.getItem('${COLOUR_MODE_KEY}')||'system'}catch(e){}if(m!=='light'&&m!=='dark')m='system';var d=m==='dark'||(m==='system'&&window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.setAttribute('data-colour-mode',m);r.setAttribute('data-theme',d?'dark':'light')})()`;

/**
 * Telegram mode (client/features/telegram/shell.ts): Telegram opens the Mini App with its launch
 * parameters in the fragment (`#tgWebAppData=…`), which the server never sees; the session
 * remembers it, and the document is marked data-shell="telegram" for the web-view look and the
 * Mini App's chunk. The only trace of Telegram in a page outside it.
 */
const TELEGRAM_SHELL_SCRIPT = `(function(){try{var s=sessionStorage,k='${TELEGRAM_SESSION_KEY}';/[#&]tgWebAppData=/.test(location.hash)&&s.setItem(k,1);s.getItem(k)&&document.documentElement.setAttribute('data-shell','telegram')}catch(e){}})()`;

export const HEAD_SCRIPT = `${COLOUR_MODE_SCRIPT};${TELEGRAM_SHELL_SCRIPT}`;
