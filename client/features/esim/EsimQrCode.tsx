import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError';

/**
 * The activation code as a QR code, drawn in the browser by uqr (loaded with this block only) as
 * an SVG: 35 modules and a quiet zone, drawn about 6 px per module, which a phone's camera reads
 * from a laptop screen. Its text alternative names it; the same code stands as text beside it.
 */
export function EsimQrCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}:${code}`;
  const [drawn, setDrawn] = useState<{ key: string; svg: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    import('uqr').then(
      ({ renderSVG }) => live && setDrawn({ key, svg: renderSVG(code, { ecc: 'M', border: 3 }) }),
      () => live && setDrawn({ key, svg: null }),
    );
    return () => {
      live = false;
    };
  }, [code, key]);
  const current = drawn?.key === key ? drawn : null;
  if (current && current.svg === null)
    return <LoadError message={t('esim.qrFailed')} onRetry={() => setAttempt((n) => n + 1)} role="status" />;
  // The SVG is uqr's own output for our code: rectangles and a path, no text or script from anywhere.
  return (
    <div
      className="esim-qr"
      role="img"
      aria-label={t('esim.qrLabel')}
      dangerouslySetInnerHTML={current?.svg ? { __html: current.svg } : undefined}
    />
  );
}
