import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { ReadyTariff } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { href } from '../../../shared/paths';
import { formatNumber, formatUzs } from '../../format';
import { tariffsOfTheDay } from './offers';

export function TariffOffers({ tariffs, lang }: { tariffs: ReadyTariff[]; lang: Language }) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="oq-day__offers">
        {tariffsOfTheDay(tariffs).map((tariff) => (
          <li key={tariff.id} className="oq-day-offer">
            <div className="oq-day-offer__head">
              <h3 className="oq-day-offer__name">{tariff.name}</h3>
              <span className="oq-day-offer__badge">{t('oqDay.tariffs.discount', { percent: tariff.discountPercent })}</span>
            </div>
            <p className="oq-day-offer__allowance">
              {t('oqDay.tariffs.allowance', {
                internet: formatNumber(tariff.internetGb, lang),
                minutes: tariff.minutes === null ? t('oqDay.tariffs.unlimited') : formatNumber(tariff.minutes, lang),
                sms: formatNumber(tariff.sms, lang),
              })}
            </p>
            <p className="oq-day-offer__price">
              <strong>
                {t('oqDay.tariffs.firstMonths', { price: formatUzs(tariff.firstMonthsPrice, lang), months: tariff.firstMonthsCount })}
              </strong>
              <span className="oq-day-offer__then">{t('oqDay.tariffs.then', { price: formatUzs(tariff.monthlyPrice, lang) })}</span>
            </p>
          </li>
        ))}
      </ul>
      <Link className="button oq-day__more" to={href('specificTariffs', lang)}>
        {t('oqDay.tariffs.all')}
      </Link>
    </>
  );
}
