import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies `text` to the clipboard and says so (or says to copy by hand) to everyone, screen readers included. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const copy = () => {
    const done = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    done.then(
      () => setSaid(t('esim.copied', { what })),
      () => setSaid(t('esim.copyFailed')),
    );
  };
  return (
    <>
      <button type="button" className="button button--small" onClick={copy} aria-label={t('esim.copyWhat', { what })}>
        {t('esim.copy')}
      </button>
      <span className="copy-status" role="status">
        {said}
      </span>
    </>
  );
}
