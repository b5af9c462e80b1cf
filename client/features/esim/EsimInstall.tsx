import { useTranslation } from 'react-i18next';
import type { EsimProfile } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { Link } from '../../components/Link';
import { useLanguage } from '../../components/use-language';
import { CopyButton } from './CopyButton';
import { EsimQrCode } from './EsimQrCode';
import { INSTALL_LINKS, installRoute } from './device';
import { useDevice } from './use-device';
import './esim.css';

/**
 * The activated eSIM, installed from the page (DOMAIN: a code installs once): one tap on the phone
 * the visitor bought on (Apple's link on iOS 17.4 and later, Google's on Android; both, named,
 * where the device is unsure), a QR code for another phone, and the codes to type, each with Copy.
 */
export function EsimInstall({
  profile,
  email,
  installShownAbove = false,
}: {
  profile: EsimProfile;
  email: string | null;
  /** The page already shows this phone's one-tap install link as its main action (the success page): not twice. */
  installShownAbove?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const device = useDevice();
  const route = device ? installRoute(device) : null;
  const code = profile.activationCode;
  const codes = [
    { id: 'smdp', label: t('esim.smdp'), value: profile.smdpAddress },
    { id: 'activation', label: t('esim.activationCode'), value: code },
    ...(profile.confirmationCode ? [{ id: 'confirmation', label: t('esim.confirmationCode'), value: profile.confirmationCode }] : []),
  ];
  return (
    <section className="card esim-install" aria-labelledby="esim-install-title">
      <h2 id="esim-install-title">{t('esim.title')}</h2>
      {(route === 'ios' || route === 'android') && !installShownAbove ? (
        <div className="esim-install__here">
          <a className="button button--primary" href={INSTALL_LINKS[route](code)}>
            {t('esim.installHere')}
          </a>
          <p>{t('esim.installHint')}</p>
        </div>
      ) : route === 'unsure' ? (
        <div className="esim-install__here">
          <p className="button-row">
            <a className="button" href={INSTALL_LINKS.ios(code)}>
              {t('esim.installIos')}
            </a>
            <a className="button" href={INSTALL_LINKS.android(code)}>
              {t('esim.installAndroid')}
            </a>
          </p>
          <p>{t('esim.installHint')}</p>
        </div>
      ) : null}

      <h3>{t('esim.otherDevice')}</h3>
      <p>{t('esim.otherDeviceHint')}</p>
      <EsimQrCode code={code} />

      <h3>{t('esim.codesTitle')}</h3>
      <dl className="esim-codes">
        {codes.map(({ id, label, value }) => (
          <div key={id} className="esim-codes__row">
            <dt>{label}</dt>
            <dd>
              <code className="esim-codes__value">{value}</code>
              <CopyButton text={value} what={label} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="esim-steps">
        <h4>{t('esim.iosTitle')}</h4>
        <p>{t('esim.iosSteps')}</p>
        <h4>{t('esim.androidTitle')}</h4>
        <p>{t('esim.androidSteps')}</p>
      </div>

      <p className="notice">{t('esim.once')}</p>
      {email ? <p>{t('esim.emailed', { email })}</p> : null}
      <p>
        <Link to={href('pointsOfSale', lang)}>{t('esim.help')}</Link>
      </p>
    </section>
  );
}
