/**
 * Telegram mode (issue 53): the shop opened as a Telegram Mini App. Telegram opens the Mini App's
 * URL with its launch parameters in the fragment (`#tgWebAppData=…&tgWebAppVersion=…`); the
 * session remembers it, so the pages the visitor goes on to (a reload, the payment provider's
 * return) stay in Telegram mode. The same pages and markup serve both: the head's script
 * (server/site/render/head-script.ts) marks the document `data-shell="telegram"` and CSS
 * (client/styles/telegram.css) gives it the web-view look.
 */

/** sessionStorage: set while the tab is a Mini App session (Telegram's web view keeps it per Mini App). */
export const TELEGRAM_SESSION_KEY = 'telegram-mini-app';

/** Whether this document runs inside Telegram's Mini App (false on the server). */
export function inTelegramShell(): boolean {
  return typeof document !== 'undefined' && document.documentElement.getAttribute('data-shell') === 'telegram';
}

/** Leaves Telegram mode (a document marked so that is no Mini App after all): the site's own look again. */
export function leaveTelegramShell(): void {
  sessionStorage.removeItem(TELEGRAM_SESSION_KEY);
  document.documentElement.removeAttribute('data-shell');
}
