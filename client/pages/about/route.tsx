import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { href } from '../../../shared/paths';
import { PageIntro } from '../../components/PageIntro';
import { useLanguage } from '../../components/use-language';
import { ABOUT_OFFERS, ABOUT_STEPS } from './offers';
import { SupportSection } from './SupportSection';
import './about.css';

export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="container page page--about">
      <PageIntro page="about" />
      <section className="about-section" aria-labelledby="about-offers-title">
        <h2 id="about-offers-title">{t('about.offersTitle')}</h2>
        <ul className="about-offers">
          {ABOUT_OFFERS.map(({ key, page }, index) => (
            <li key={key} className="about-offer card">
              <span className="about-offer__mark" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3>{t(`about.offers.${key}.title`)}</h3>
              <p>{t(`about.offers.${key}.text`)}</p>
              {page ? (
                <Link className="about-offer__link" to={href(page, lang)}>
                  {t(`about.offers.${key}.link`)}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="about-section" aria-labelledby="about-steps-title">
        <h2 id="about-steps-title">{t('about.stepsTitle')}</h2>
        <ol className="about-steps">
          {ABOUT_STEPS.map((step) => (
            <li key={step} className="about-step">
              <h3>{t(`about.steps.${step}.title`)}</h3>
              <p>{t(`about.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <SupportSection />
    </div>
  );
}
