import { useTranslation } from 'react-i18next';
import type { PointOfSale } from '../../../shared/api-types';
import { formatHours } from './point-query';
import './points-of-sale.css';

/**
 * Address, hours and services of an office: the list card and the map's popup show the same. The
 * hours and the services are each a group named for screen readers: a `<dl>` or `<ul>` takes no
 * name of its own (html-validate's `aria-label-misuse`).
 */
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
      <div role="group" aria-label={t('pointsOfSale.hours.label')}>
        <dl className="pos-details__hours">
          {rows.map(([day, time]) => (
            <div key={day} className="pos-details__hours-row">
              <dt>{day}</dt>
              <dd>{time}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div role="group" aria-label={t('pointsOfSale.services.label')}>
        <ul className="pos-details__services">
          {point.services.map((service) => (
            <li key={service} className={`pos-service pos-service--${service}`}>
              {t(`pointsOfSale.services.${service}`)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
