import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { NumberCategory, ReadyTariff } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { TARIFF_QUERY_KEYS } from '../../../shared/tariff-choice';
import { Link } from '../../components/Link';
import { useLanguage } from '../../components/use-language';
import { chosenTariff } from '../purchase/chosen-fields';
import { carriedQuery, updateDraft, usePurchaseDraft } from '../purchase/purchase-draft';
import { summarizeTariff, tariffName } from '../purchase/tariff-summary';
import { activeFilters, withoutFilter, type FilterKey, type NumberFilters } from './search-query';
import './filters.css';

interface Chip {
  key: string;
  text: string;
  /** What the link does, for a screen reader: "Remove filter: Ends with 77". */
  label: string;
  to: string;
  remove?: () => void;
}

const LABELS: Record<Exclude<FilterKey, 'digits'>, string> = {
  category: 'numbers.filters.category',
  endsWith: 'numbers.filters.endsWith',
  mask: 'numbers.filters.mask',
  date: 'numbers.filters.date',
  pattern: 'numbers.filters.pattern',
  sort: 'numbers.filters.sort',
};

/**
 * The search's active filters and the tariff the visitor carries (from the tariffs page, read as
 * the reservation panel reads it: the URL, else the tab's draft), each a link to the same search
 * without it: it works without JavaScript and says what it removes.
 */
export function FilterChips({
  filters,
  categories,
  tariffs,
}: {
  filters: NumberFilters;
  categories: NumberCategory[] | null;
  tariffs: ReadyTariff[] | null;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search, pathname } = useLocation();
  const query = new URLSearchParams(search);
  const carried = carriedQuery(query);
  const tariff = chosenTariff(query, usePurchaseDraft());
  const valueOf = (key: keyof typeof LABELS, value: string) => {
    if (key === 'category') return categories?.find((c) => c.id === value)?.name ?? value;
    if (key === 'pattern') return t(`numbers.filters.patterns.${value}`);
    if (key === 'sort') return t(value === 'price_asc' ? 'numbers.filters.sortPriceAsc' : 'numbers.filters.sortPriceDesc');
    return value;
  };
  const chips: Chip[] = activeFilters(filters).map(({ key, value }) => {
    const text = `${t(LABELS[key])} ${valueOf(key, value)}`;
    return {
      key,
      text,
      label: t('numbers.chips.remove', { filter: text }),
      to: href('numbers', lang, {}, { ...carried, ...withoutFilter(filters, key) }),
    };
  });
  if (tariff) {
    const name = tariffName(tariff, summarizeTariff(tariff, tariffs)?.name ?? null, t);
    const rest = new URLSearchParams(search);
    for (const key of TARIFF_QUERY_KEYS) rest.delete(key);
    const qs = rest.toString();
    chips.push({
      key: 'tariff',
      text: t('numbers.chips.tariff', { name }),
      label: t('numbers.chips.removeTariff', { name }),
      to: `${pathname}${qs ? `?${qs}` : ''}`,
      // The tariff may also be in the tab's draft (chosen on an earlier visit): it goes too.
      remove: () => updateDraft({ tariff: undefined }),
    });
  }
  if (chips.length === 0) return null;
  return (
    // The group carries the name: a list should not (html-validate's aria-label-misuse).
    <div role="group" aria-label={t('numbers.chips.title')}>
      <ul className="filter-chips">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link className="filter-chip" to={chip.to} aria-label={chip.label} preventScrollReset onClick={chip.remove}>
              {chip.text}
              <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
