import { useTranslation } from 'react-i18next';
import { esimSupport } from './device';
import { useDevice } from './use-device';
import './esim.css';

/**
 * Before paying for an eSIM: whether the phone the visitor is on is likely to take one (the makers'
 * lists in esim-devices.json), always with the check anyone can do and the carrier-lock warning.
 * It informs and never blocks: the eSIM stays chosen whatever it says.
 */
export function EsimDeviceCheck() {
  const { t } = useTranslation();
  const device = useDevice();
  const support = device ? esimSupport(device) : null;
  return (
    <div className="notice esim-check" id="esim-check">
      <p className="esim-check__title">{t('esim.check.title')}</p>
      {support ? <p className={`esim-check__verdict esim-check__verdict--${support}`}>{t(`esim.check.${support}`)}</p> : null}
      <p>{t('esim.check.eid')}</p>
      <p>{t('esim.check.locked')}</p>
    </div>
  );
}
