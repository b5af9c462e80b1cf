import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { NumberCategory, PhoneNumber } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { StreamedPart } from '../../components/StreamedPart';
import type { Optional } from '../../framework/deferred';
import { formatNumber, formatUzs } from '../../format';
import { HomeSection } from './HomeSection';

/** Beautiful numbers on offer: the price of each category and some of the finest numbers free now. */
export function NumbersOnOffer({ categories, numbers }: { categories: Optional<NumberCategory[]>; numbers: Optional<PhoneNumber[]> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const byCategory = (category: string) => href('numbers', lang, {}, { category });
  return (
    <HomeSection
      id="home-numbers"
      title={t('home.numbers.title')}
      lead={t('home.numbers.lead')}
      more={{ to: href('numbers', lang), label: t('home.numbers.all') }}
    >
      <StreamedPart value={numbers} failure={t('home.numbers.loadError')}>
        {(offers) => (
          <ul className="number-offers" role="list">
            {offers.map((number) => (
              <li key={number.number}>
                <Link className="number-offer" to={href('numbers', lang, {}, { endsWith: number.number.slice(-7) })}>
                  <span className="number-offer__digits">{number.formatted}</span>
                  <span className="number-offer__price">{formatUzs(number.price, lang)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </StreamedPart>
      <StreamedPart value={categories} failure={t('home.numbers.categoriesError')}>
        {(list) => (
          <ul className="number-categories" role="list">
            {list.map((category) => (
              <li key={category.id}>
                <Link className="number-category" to={byCategory(category.id)}>
                  <span className="number-category__name">{category.name}</span>
                  <span className="number-category__pattern">{category.pattern}</span>
                  <span className="number-category__price">{formatUzs(category.price, lang)}</span>
                  <span className="number-category__available">
                    {t('home.numbers.available', { value: formatNumber(category.available, lang) })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </StreamedPart>
    </HomeSection>
  );
}
