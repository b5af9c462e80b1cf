import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';

/** The support contacts; `#support` is where the error page's "Support Service" leads. */
export function SupportSection() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section id="support" className="about-section about-support card" aria-labelledby="about-support-title">
      <h2 id="about-support-title">{t('about.support.title')}</h2>
      <p>{t('about.support.text')}</p>
      <dl className="about-support__contacts">
        <div>
          <dt>{t('about.support.shortNumberLabel')}</dt>
          <dd>
            <a className="about-support__phone" href="tel:1100">
              1100
            </a>{' '}
            <span className="about-support__note">{t('about.support.shortNumberNote')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('about.support.otherNumbersLabel')}</dt>
          <dd>
            <a className="about-support__phone" href="tel:+998771100000">
              +998&nbsp;77&nbsp;110&nbsp;00&nbsp;00
            </a>{' '}
            <span className="about-support__note">{t('about.support.otherNumbersNote')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('about.support.hoursLabel')}</dt>
          <dd>{t('about.support.hours')}</dd>
        </div>
      </dl>
      <p className="about-support__visit">
        {t('about.support.visit')} <Link to={href('pointsOfSale', lang)}>{t('about.support.visitLink')}</Link>
      </p>
    </section>
  );
}
