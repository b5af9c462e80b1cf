import { useEffect, useId, useRef, useSyncExternalStore } from 'react';

/** A page's main action (choose, continue, pay): what its own primary button does. */
export interface MainAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  busy?: boolean;
}

/** What Telegram's Main button shows: the action of the page mounted last. */
export type ShownMainAction = Required<MainAction>;

let shown: { id: string; action: ShownMainAction } | null = null;
/** Whether something carries the actions (the Mini App's Main button); in a browser nothing does. */
let carried = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The action Telegram's Main button should show now, or null (hide it). */
export function currentMainAction(): ShownMainAction | null {
  return shown?.action ?? null;
}

/**
 * The Mini App's Main button takes the pages' actions from here (client/platform/telegram/buttons.ts):
 * `onChange` on every change; the pages hide their own buttons until the returned function is called.
 */
export function carryMainActions(onChange: () => void): () => void {
  carried = true;
  const stop = subscribe(onChange);
  notify();
  return () => {
    stop();
    carried = false;
    notify();
  };
}

/**
 * The page's main action, given to Telegram's Main button inside the Mini App; in a browser it
 * does nothing. Returns whether the Main button carries it: the page then hides its own button
 * (`hidden={carried}`), whose validation the action's `onClick` must share (a form's own button:
 * `() => form.requestSubmit()`). Pass null while the page offers no such action.
 */
export function useMainAction(action: MainAction | null): boolean {
  const id = useId();
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  const offered = action !== null;
  const label = action?.label ?? '';
  const disabled = action?.disabled ?? false;
  const busy = action?.busy ?? false;
  useEffect(() => {
    if (!offered) return undefined;
    shown = { id, action: { label, disabled, busy, onClick: () => latest.current?.onClick() } };
    notify();
    return () => {
      // A page mounted since then has its own action on the button: it stays.
      if (shown?.id !== id) return;
      shown = null;
      notify();
    };
  }, [id, offered, label, disabled, busy]);
  return useSyncExternalStore(
    subscribe,
    () => carried && offered,
    () => false,
  );
}
