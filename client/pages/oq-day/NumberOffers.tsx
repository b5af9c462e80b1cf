import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { PhoneNumber } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { href } from '../../../shared/paths';
import { formatUzs } from '../../format';
import { numbersOfTheDay } from './offers';

export function NumberOffers({ numbers, lang }: { numbers: PhoneNumber[]; lang: Language }) {
  const { t } = useTranslation();
  const offered = numbersOfTheDay(numbers);
  return (
    <>
      {offered.length === 0 ? (
        <p>{t('oqDay.numbers.none')}</p>
      ) : (
        <ul className="oq-day__numbers">
          {offered.map((number) => (
            <li key={number.number} className="oq-day-number">
              <span className="oq-day-number__value">{number.formatted}</span>
              <span className="oq-day-number__price">{formatUzs(number.price, lang)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link className="button oq-day__more" to={href('numbers', lang)}>
        {t('oqDay.numbers.all')}
      </Link>
    </>
  );
}
