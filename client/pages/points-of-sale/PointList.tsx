import { useTranslation } from 'react-i18next';
import type { PointOfSale } from '../../../shared/api-types';
import { useLanguage } from '../../components/use-language';
import { PointDetails } from '../../features/points-of-sale/PointDetails';
import { formatDistance, formatPhone } from '../../features/points-of-sale/point-query';

/** The offices as a server-rendered list: everything the map shows, without the map. */
export function PointList({ points }: { points: PointOfSale[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (points.length === 0) return <p className="pos-list__empty">{t('pointsOfSale.empty')}</p>;
  return (
    <ol className="pos-list">
      {points.map((point) => (
        <li key={point.id} id={`point-${point.id}`} className="pos-card card">
          <h3 className="pos-card__name">{point.name}</h3>
          <p className="pos-card__city">
            {point.cityName}
            {point.distanceKm !== undefined ? (
              <span className="pos-card__distance">
                {t('pointsOfSale.distance', { distance: formatDistance(point.distanceKm, lang !== 'en') })}
              </span>
            ) : null}
          </p>
          <PointDetails point={point} />
          <p className="pos-card__phone">
            <a href={`tel:${point.phone}`}>{formatPhone(point.phone)}</a>
          </p>
        </li>
      ))}
    </ol>
  );
}
