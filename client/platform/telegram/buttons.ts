import { backButton, mainButton } from '@telegram-apps/sdk-react';
import { carryMainActions, currentMainAction } from './main-action';

/**
 * Telegram's Main button carries the page's main action (useMainAction of main-action.ts): its
 * label, whether it may be pressed, its loader while the action runs. Without one it is hidden.
 */
export function driveMainButton(): () => void {
  if (!mainButton.mount.isAvailable()) return () => {};
  mainButton.mount();
  const show = () => {
    const action = currentMainAction();
    mainButton.setParams(
      action
        ? { text: action.label, isVisible: true, isEnabled: !action.disabled && !action.busy, isLoaderVisible: action.busy }
        : { isVisible: false, isLoaderVisible: false },
    );
  };
  const offClick = mainButton.onClick(() => {
    const action = currentMainAction();
    if (action && !action.disabled && !action.busy) action.onClick();
  });
  const stop = carryMainActions(show);
  show();
  return () => {
    stop();
    offClick();
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
