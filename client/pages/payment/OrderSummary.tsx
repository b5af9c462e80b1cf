import { useTranslation } from 'react-i18next';
import type { Delivery, PointOfSale, SimTypeId } from '../../../shared/api-types';
import { formatUzPhone } from '../../../shared/validation';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { TariffLine } from '../../features/purchase/TariffLine';
import type { TariffSummary } from '../../features/purchase/tariff-summary';

export interface SummaryLines {
  number: string;
  numberPrice: number;
  tariff: TariffSummary;
  simType: SimTypeId;
  simName: string;
  simPrice: number;
  email: string | null;
  delivery: Delivery | null;
  total: number;
}

/**
 * The order before paying: number, tariff with the first-months discount, SIM type, total due now.
 * Folded to its total (a `<details>`), so that on a phone the payment methods and the pay button
 * fit the first screen; unfolded, it lists each line.
 */
export function OrderSummary({ lines, points }: { lines: SummaryLines; points: PointOfSale[] | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const price = (amount: number) => (amount === 0 ? t('numbers.free') : formatUzs(amount, lang));
  const point =
    lines.delivery?.method === 'pickup' ? points?.find((p) => p.id === (lines.delivery as { pointOfSaleId: string }).pointOfSaleId) : null;
  const receive =
    lines.simType === 'esim'
      ? t('payment.summary.esimTo', { email: lines.email ?? '' })
      : lines.delivery?.method === 'courier'
        ? t('payment.summary.courierTo', { address: lines.delivery.address })
        : t('payment.summary.pickupAt', { point: point ? `${point.cityName}, ${point.address}` : '' });
  return (
    <section className="card order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">{t('payment.summary.title')}</h2>
      <details className="order-summary__details">
        <summary className="order-summary__fold">
          <span>{t('payment.summary.total')}</span>
          <strong className="order-summary__total">{formatUzs(lines.total, lang)}</strong>
        </summary>
        <dl className="summary-list">
          <div>
            <dt>{t('payment.summary.number')}</dt>
            <dd>
              <strong className="phone-number">{formatUzPhone(lines.number)}</strong>
              <span className="summary-list__price">{price(lines.numberPrice)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('payment.summary.tariff')}</dt>
            <dd>
              <TariffLine summary={lines.tariff} />
              <span className="summary-list__price">{formatUzs(lines.tariff.firstMonthsPrice, lang)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('payment.summary.sim')}</dt>
            <dd>
              <span className="summary-list__text">
                <strong>{lines.simName}</strong>
                <span className="summary-list__note">{receive}</span>
              </span>
              <span className="summary-list__price">{price(lines.simPrice)}</span>
            </dd>
          </div>
        </dl>
        <p className="summary-list__note">{t('payment.summary.totalNote')}</p>
      </details>
    </section>
  );
}
