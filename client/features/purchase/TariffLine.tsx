import { useTranslation } from 'react-i18next';
import { formatUzs } from '../../format';
import { useLanguage } from '../../components/use-language';
import { tariffName, type TariffSummary } from './tariff-summary';

/** A tariff's name and prices: the discounted first months, then the regular monthly fee. */
export function TariffLine({ summary }: { summary: TariffSummary }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = tariffName(summary.choice, summary.name, t);
  return (
    <span className="tariff-line">
      <strong className="tariff-line__name">{name}</strong>
      <span className="tariff-line__prices">
        {t('purchase.tariff.firstMonths', {
          price: formatUzs(summary.firstMonthsPrice, lang),
          months: summary.firstMonthsCount,
          percent: summary.discountPercent,
        })}
        {', '}
        {t('purchase.tariff.then', { price: formatUzs(summary.monthlyPrice, lang) })}
      </span>
    </span>
  );
}
