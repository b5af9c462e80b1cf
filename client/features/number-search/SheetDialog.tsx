import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function shut(sheet: HTMLDialogElement | null, opener: HTMLElement | null) {
  if (sheet?.open) sheet.close();
  opener?.focus();
}

/** FiltersSheet on a phone: a modal <dialog> and the button that opens it. */
export function SheetDialog({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  function open() {
    dialog.current?.showModal();
    dialog.current?.querySelector<HTMLElement>('input, select')?.focus();
  }

  const close = () => shut(dialog.current, opener.current);

  useEffect(() => {
    const sheet = dialog.current;
    const form = sheet?.closest('form');
    if (!sheet) return undefined;
    const close = () => shut(sheet, opener.current);
    const escape = (event: Event) => {
      if ((event as KeyboardEvent).key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    const events: Array<[EventTarget | null | undefined, string, (event: Event) => void]> = [
      // Escape: the browser cancels the dialog by itself; here too where it would not.
      [sheet, 'keydown', escape],
      // However it closed, the focus goes back to the button that opened it.
      [sheet, 'close', () => opener.current?.focus()],
      // A tap on the backdrop closes it (the sheet's own box is its body, never the dialog itself).
      [sheet, 'click', (event) => event.target === sheet && close()],
      // A search submitted from the sheet closes it: the results are behind it.
      [form, 'submit', () => sheet.open && sheet.close()],
    ];
    for (const [target, type, listener] of events) target?.addEventListener(type, listener);
    return () => {
      for (const [target, type, listener] of events) target?.removeEventListener(type, listener);
    };
  }, []);

  return (
    <>
      <button ref={opener} type="button" className="button filters-sheet__opener" aria-haspopup="dialog" onClick={open}>
        {label}
      </button>
      <dialog ref={dialog} className="filters-sheet" aria-labelledby="filters-sheet-title">
        <div className="filters-sheet__body">
          <div className="filters-sheet__head">
            <h3 id="filters-sheet-title">{t('numbers.filters.more')}</h3>
            <button type="button" className="button button--small" onClick={close}>
              {t('numbers.filters.close')}
            </button>
          </div>
          {children}
        </div>
      </dialog>
    </>
  );
}
