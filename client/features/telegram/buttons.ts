import { backButton, mainButton } from '@telegram-apps/sdk-react';
import { watchPage } from './page-watch';

/** Marks the page's main action (choose, continue, pay): its own primary button or link. */
export const MAIN_ACTION_SELECTOR = '[data-main-action]';
/** On the root element while Telegram's Main button carries the main action: the page's own is hidden (client/styles/telegram.css). */
const CARRIED_ATTRIBUTE = 'data-main-button';

/** What Telegram's Main button shows for a page's main action. */
export interface ShownMainAction {
  label: string;
  enabled: boolean;
}

/** The page's main action now: the last element marked so (a step shown over a page comes after it), or null. */
export function currentMainAction(root: ParentNode = document): HTMLElement | null {
  const marked = root.querySelectorAll<HTMLElement>(MAIN_ACTION_SELECTOR);
  return marked.length > 0 ? marked[marked.length - 1] : null;
}

/** Its label (the element's own text, as the page shows it: "Sending…" while it sends) and whether it may be pressed. */
export function shownMainAction(element: HTMLElement): ShownMainAction {
  return { label: (element.textContent ?? '').replace(/\s+/g, ' ').trim(), enabled: !(element as HTMLButtonElement).disabled };
}

/**
 * Telegram's Main button carries the page's main action: the element the page marks
 * `data-main-action`, read from the page as it renders (watchPage), its label and whether it may be
 * pressed. Pressed, it clicks that element, so the action runs exactly as the page's own button
 * would, through the same checks (a form's submit button submits its form). The page's own is
 * hidden meanwhile; without one the Main button is hidden. Returns the function that stops it and
 * shows the page's own button again.
 */
export function driveMainButton(): () => void {
  if (!mainButton.mount.isAvailable()) return () => {};
  mainButton.mount();
  document.documentElement.setAttribute(CARRIED_ATTRIBUTE, '');
  let shown = '';
  const show = () => {
    const element = currentMainAction();
    const action = element ? shownMainAction(element) : null;
    const key = JSON.stringify(action);
    // The page changes far more often than its main action: Telegram hears of the changes only.
    if (key === shown) return;
    shown = key;
    mainButton.setParams(action ? { text: action.label, isVisible: true, isEnabled: action.enabled } : { isVisible: false });
  };
  const offClick = mainButton.onClick(() => {
    const element = currentMainAction();
    if (element && shownMainAction(element).enabled) element.click();
  });
  const stopWatching = watchPage(show);
  return () => {
    stopWatching();
    offClick();
    document.documentElement.removeAttribute(CARRIED_ATTRIBUTE);
    mainButton.setParams({ isVisible: false });
  };
}

/** sessionStorage: the history index of the Mini App's first page, kept across the session's reloads. */
const FIRST_INDEX_KEY = 'telegram-first-index';

/** react-router's index of the current history entry (0 on a page loaded in full). */
export function historyIndex(): number {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : 0;
}

/** The index of the Mini App's first page: noted the first time, read after. */
export function firstIndex(): number {
  const noted = Number(sessionStorage.getItem(FIRST_INDEX_KEY));
  if (sessionStorage.getItem(FIRST_INDEX_KEY) !== null && Number.isInteger(noted)) return noted;
  sessionStorage.setItem(FIRST_INDEX_KEY, String(historyIndex()));
  return historyIndex();
}

/**
 * Telegram's Back button goes back one page inside the shop. It is hidden on the Mini App's first
 * page, so it never closes the Mini App by itself (Telegram's own close button does). `onBack`
 * navigates; `update` is called after each navigation.
 */
export function driveBackButton(onBack: () => void): { update: () => void; stop: () => void } {
  if (!backButton.mount.isAvailable()) return { update: () => {}, stop: () => {} };
  backButton.mount();
  const first = firstIndex();
  const offClick = backButton.onClick(() => {
    if (historyIndex() > first) onBack();
  });
  const update = () => (historyIndex() > first ? backButton.show() : backButton.hide());
  update();
  return {
    update,
    stop: () => {
      offClick();
      backButton.hide();
    },
  };
}
