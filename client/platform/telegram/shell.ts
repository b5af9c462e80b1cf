/**
 * Telegram mode (issue 53): the shop opened as a Telegram Mini App. Telegram opens the Mini App's
 * URL with its launch parameters in the fragment (`#tgWebAppData=…&tgWebAppVersion=…`); the
 * session remembers it, so the pages the visitor goes on to (a reload, the payment provider's
 * return) stay in Telegram mode. The same pages and markup serve both: the document is marked
 * `data-shell="telegram"` and CSS (client/styles/telegram.css) gives it the web-view look.
 */

/** sessionStorage: set while the tab is a Mini App session (Telegram's web view keeps it per Mini App). */
export const TELEGRAM_SESSION_KEY = 'telegram-mini-app';

/**
 * Runs inline in <head> before the body is parsed, so the first paint already has the Mini App's
 * look and hydration finds the markup the server rendered. The same bytes for every visitor: the
 * page store keeps a page with its CSP's hash of each inline script. It runs in the colour mode's
 * script element (client/framework/document.tsx).
 */
export const TELEGRAM_SHELL_SCRIPT = `(function(){try{var s=sessionStorage,k='${TELEGRAM_SESSION_KEY}';/[#&]tgWebAppData=/.test(location.hash)&&s.setItem(k,1);s.getItem(k)&&document.documentElement.setAttribute('data-shell','telegram')}catch(e){}})()`;

/** Whether this document runs inside Telegram's Mini App (false on the server). */
export function inTelegramShell(): boolean {
  return typeof document !== 'undefined' && document.documentElement.getAttribute('data-shell') === 'telegram';
}
