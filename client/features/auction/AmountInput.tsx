import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { useLanguage } from '../../components/use-language';
import { formatNumber } from '../../format';
import type { ControlProps } from '../purchase/Field';

/** The most digits an amount takes: the API's largest bid, 1,000,000,000,000 UZS, has 13. */
const MAX_DIGITS = 13;

/** The digits of what was typed or pasted ("10 500 000", "10,500,000", "10.500.000"), without leading zeros. */
export function digitsOf(typed: string): string {
  return typed
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MAX_DIGITS);
}

/** Where in `shown` the caret goes to stand after its `digits`-th digit. */
function caretAfter(shown: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < shown.length; i++) {
    if (/\d/.test(shown[i]) && ++seen === digits) return i + 1;
  }
  return shown.length;
}

/**
 * An amount in whole sums, shown with the language's digit groups as it is typed ("10 500 000",
 * "10,500,000"), posted as the plain integer under `name` by a hidden field. `value` is the
 * digits alone. The caret keeps its place among the digits when the groups move; deleting a group
 * separator deletes the digit before it.
 */
export function AmountInput({
  control,
  name,
  value,
  onChange,
  placeholder,
}: {
  control: ControlProps;
  name: string;
  value: string;
  onChange: (digits: string) => void;
  placeholder?: number;
}) {
  const lang = useLanguage();
  const own = useRef<HTMLInputElement | null>(null);
  // The caret as a count of the digits before it, set again once the grouped value is on screen.
  const caret = useRef<number | null>(null);
  const shown = value === '' ? '' : formatNumber(Number(value), lang);

  useLayoutEffect(() => {
    const input = own.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    const at = caretAfter(shown, caret.current);
    input.setSelectionRange(at, at);
    caret.current = null;
  }, [shown]);

  function change(event: ChangeEvent<HTMLInputElement>) {
    const inputType = (event.nativeEvent as InputEvent).inputType;
    // A pasted amount may carry tiyin ("10,500,000.00", "10 500 000,00"): a separator and one or two
    // digits at its end are a fraction, which a bid in whole sums drops (groups have three digits).
    // Only on a paste or a drop: while typing, "1,05" is "1,050" with its last digit deleted.
    const pasted = inputType === 'insertFromPaste' || inputType === 'insertFromDrop';
    const typed = pasted ? event.target.value.replace(/[.,]\d{1,2}(?=\D*$)/, '') : event.target.value;
    const at = event.target.selectionStart ?? typed.length;
    let before = typed.slice(0, at).replace(/\D/g, '').length;
    let digits = typed.replace(/\D/g, '');
    // A separator deleted alone (the digits unchanged, the text shorter): the digit before it goes.
    if (digits === value && typed.length < shown.length && before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    }
    const clean = digitsOf(digits);
    caret.current = Math.min(before - (digits.length - digits.replace(/^0+(?=\d)/, '').length), clean.length);
    onChange(clean);
  }

  return (
    <>
      <input
        {...control}
        ref={own}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder === undefined ? undefined : formatNumber(placeholder, lang)}
        value={shown}
        onChange={change}
      />
      <input type="hidden" name={name} value={value} />
    </>
  );
}
