import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { SimType } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { StreamedPart } from '../../components/StreamedPart';
import type { Optional } from '../../framework/deferred';
import type { PointsSummary } from './home-data';
import { HomeSection } from './HomeSection';

/** eSIM and the plastic SIM card, with what each costs. */
export function SimTypes({ simTypes }: { simTypes: Optional<SimType[]> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <HomeSection id="home-sim" title={t('home.sim.title')} lead={t('home.sim.lead')}>
      <StreamedPart value={simTypes} failure={t('home.sim.loadError')}>
        {(types) => (
          <ul className="sim-types" role="list">
            {types.map((sim) => (
              <li key={sim.id} className={`sim-type sim-type--${sim.id}`}>
                <h3 className="sim-type__name">{sim.name}</h3>
                <p className="sim-type__description">{sim.description}</p>
                <p className="sim-type__price">{sim.price === 0 ? t('home.sim.free') : formatUzs(sim.price, lang)}</p>
              </li>
            ))}
          </ul>
        )}
      </StreamedPart>
      <Link className="button button--primary" to={href('numbers', lang)}>
        {t('home.sim.cta')}
      </Link>
    </HomeSection>
  );
}

/** The way to a point of sale: how many offices in which cities, and the map. */
export function PointsOfSaleTeaser({ points }: { points: Optional<PointsSummary> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <HomeSection id="home-points" className="home-points" title={t('home.points.title')} lead={t('home.points.lead')}>
      <StreamedPart value={points} failure={t('pointsOfSale.loadError')}>
        {(summary) => (
          <>
            <p className="home-points__count">{t('home.points.count', { offices: summary.offices, cities: summary.cities.length })}</p>
            <ul className="home-points__cities" role="list">
              {summary.cities.map((city) => (
                <li key={city}>{city}</li>
              ))}
            </ul>
          </>
        )}
      </StreamedPart>
      <Link className="button button--primary" to={href('pointsOfSale', lang)}>
        {t('home.points.cta')}
      </Link>
    </HomeSection>
  );
}
