import { useTranslation } from 'react-i18next';
import type { PointOfSale } from '../../../shared/api-types';
import { formatHours } from './point-query';

/** Address, hours and services of an office: the list card and the map's popup show the same. */
export function PointDetails({ point }: { point: PointOfSale }) {
  const { t } = useTranslation();
  const closed = t('pointsOfSale.hours.closed');
  const rows: Array<[string, string]> = [
    [t('pointsOfSale.hours.monFri'), formatHours(point.hours.monFri)],
    [t('pointsOfSale.hours.sat'), point.hours.sat ? formatHours(point.hours.sat) : closed],
    [t('pointsOfSale.hours.sun'), point.hours.sun ? formatHours(point.hours.sun) : closed],
  ];
  if (point.hours.lunch) rows.push([t('pointsOfSale.hours.lunch'), formatHours(point.hours.lunch)]);
  return (
    <div className="pos-details">
      <p className="pos-details__address">
        {point.address}
        {point.landmark ? <span className="pos-details__landmark">{point.landmark}</span> : null}
      </p>
      <dl className="pos-details__hours" aria-label={t('pointsOfSale.hours.label')}>
        {rows.map(([day, time]) => (
          <div key={day} className="pos-details__hours-row">
            <dt>{day}</dt>
            <dd>{time}</dd>
          </div>
        ))}
      </dl>
      <ul className="pos-details__services" aria-label={t('pointsOfSale.services.label')}>
        {point.services.map((service) => (
          <li key={service} className={`pos-service pos-service--${service}`}>
            {t(`pointsOfSale.services.${service}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
