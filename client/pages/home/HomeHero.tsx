import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { PhoneNumber } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';

const FACTS = ['esim', 'identification', 'discount'] as const;

/** The welcome: what Oq is and the way into the number shop. */
export function HomeHero({ number }: { number: PhoneNumber | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section className="hero home-hero" aria-labelledby="welcome-title">
      <div className="home-hero__text">
        <h1 id="welcome-title">{t('pages.home.welcomeTitle')}</h1>
        <p className="hero__lead">{t('pages.home.welcomeDescription')}</p>
        <div className="home-hero__actions">
          <Link className="button home-hero__primary" to={href('numbers', lang)}>
            {t('home.hero.chooseNumber')}
          </Link>
          <Link className="button home-hero__secondary" to={href('constructor', lang)}>
            {t('home.hero.buildTariff')}
          </Link>
        </div>
        <ul className="home-hero__facts">
          {FACTS.map((fact) => (
            <li key={fact}>{t(`home.hero.facts.${fact}`)}</li>
          ))}
        </ul>
      </div>
      <div className="home-hero__art" aria-hidden="true">
        <div className="sim-visual">
          <span className="sim-visual__brand" translate="no">
            oq
          </span>
          <span className="sim-visual__chip" />
          {number ? <span className="sim-visual__number">{number.formatted}</span> : null}
        </div>
      </div>
    </section>
  );
}
