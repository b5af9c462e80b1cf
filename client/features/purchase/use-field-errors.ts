import { useEffect, useState } from 'react';

/** A form's messages by field. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Whether a pointer is pressed on the page: followed once, from the first form that checks its fields. */
let pressed = false;
let following = false;

function followPointer(): void {
  if (following) return;
  following = true;
  document.addEventListener('pointerdown', () => (pressed = true), true);
  document.addEventListener('pointerup', () => (pressed = false), true);
  document.addEventListener('pointercancel', () => (pressed = false), true);
}

/**
 * Runs `show` now, or, when the field was left by pressing something else (a checkbox, a button),
 * once that press has made its click: an error appearing under the field moves what follows it,
 * and would make the press miss its target.
 */
function afterPress(show: () => void): void {
  if (!pressed) return show();
  document.addEventListener('pointerup', () => setTimeout(show), { once: true });
}

/**
 * The field errors a form shows, out of what its check finds now (`found`, computed on every
 * render from the values). A field's error shows once the form was submitted, or when the visitor
 * leaves the field with something typed in it; it goes as soon as the value is fixed, and a later
 * mistake in that field shows again at the next submit or leave, not while the visitor types.
 * The one place the purchase forms (options, identification) decide when an error is on screen.
 */
export function useFieldErrors<K extends string>(found: FieldErrors<K>) {
  const [shown, setShown] = useState<ReadonlySet<K>>(() => new Set());
  useEffect(followPointer, []);
  // A fixed field leaves the shown set (state derived while rendering, as React advises, not in an effect).
  const stillWrong = [...shown].filter((field) => found[field]);
  if (stillWrong.length !== shown.size) setShown(new Set(stillWrong));
  const errors: FieldErrors<K> = {};
  for (const field of stillWrong) errors[field] = found[field];
  return {
    errors,
    /** On submit: every error found shows; returns them. */
    showAll(): FieldErrors<K> {
      setShown(new Set(Object.keys(found) as K[]));
      return found;
    },
    /** On leaving a field: its error, if any, shows when the visitor typed something in it. */
    leave(field: K, value: string | undefined): void {
      if (found[field] && (value ?? '').trim() !== '') afterPress(() => setShown((before) => new Set(before).add(field)));
    },
  };
}
