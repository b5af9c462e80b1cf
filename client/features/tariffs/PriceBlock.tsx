import { useTranslation } from 'react-i18next';
import { useTariffText } from './use-tariff-text';
import './tariffs.css';

export interface PriceBlockProps {
  monthlyPrice: number;
  firstMonthsPrice: number;
  discountPercent: number;
  firstMonthsCount: number;
  /** Larger type for the constructor's summary. */
  large?: boolean;
}

/** The subscription fee per month and, when there is a discount, the price of the first months. */
export function PriceBlock({ monthlyPrice, firstMonthsPrice, discountPercent, firstMonthsCount, large }: PriceBlockProps) {
  const { t } = useTranslation();
  const text = useTariffText();
  const discounted = discountPercent > 0 && firstMonthsPrice < monthlyPrice;
  return (
    <div className={large ? 'price-block price-block--large' : 'price-block'}>
      <p className="price-block__monthly">
        <span className="visually-hidden">{t('tariffs.fields.monthlyPrice')}: </span>
        <span className="price-block__amount" data-testid="monthly-price">
          {text.price(monthlyPrice)}
        </span>{' '}
        <span className="price-block__period">{t('tariffs.price.perMonth')}</span>
      </p>
      {discounted ? (
        <p className="price-block__discount">
          <span className="price-block__badge">{t('tariffs.price.discount', { percent: discountPercent })}</span>{' '}
          <span>
            {t('tariffs.price.firstMonths', { months: firstMonthsCount })}:{' '}
            <strong className="price-block__first" data-testid="first-months-price">
              {text.price(firstMonthsPrice)}
            </strong>{' '}
            {t('tariffs.price.perMonth')}
          </span>
        </p>
      ) : null}
    </div>
  );
}
