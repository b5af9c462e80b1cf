import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link';
import type { NumberCategory, NumberList, PhoneNumber } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { formatUzPhone } from '../../../shared/validation';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { PhoneVerification } from '../purchase/PhoneVerification';
import { carriedQuery } from '../purchase/purchase-draft';
import type { HeldReservation } from '../../../shared/tokens';
import { DEEPEST_PAGE, filterQuery, pageCount, type NumberFilters } from './search-query';
import type { useNumberChoice } from './use-number-choice';
import { useLiveNumbers, type LiveStatus } from './use-live-numbers';
import './search.css';

type Choice = ReturnType<typeof useNumberChoice>;

export function NumberResults({
  numbers,
  filters,
  categories,
  held,
  choice,
}: {
  numbers: NumberList;
  filters: NumberFilters;
  categories: NumberCategory[] | null;
  held: HeldReservation | null;
  choice: Choice;
  /** Not read: each card's Choose is a form that works before hydration too (issue 63). */
  hydrated?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search } = useLocation();
  // A total the API could not count cheaply is a lower bound: no last page to name, and the next
  // page exists while the API hands out a cursor for it.
  const pages = numbers.totalExact === false ? null : pageCount(numbers.total, numbers.pageSize);
  const hasNext = pages === null ? numbers.nextCursor !== null : numbers.page < pages;
  // "Next" starts where this page ends (the API's cursor): stable while numbers are reserved.
  const linkTo = (page: number, after?: string | null) =>
    href(
      'numbers',
      lang,
      {},
      {
        ...carriedQuery(new URLSearchParams(search)),
        ...filterQuery(filters),
        page: page > 1 ? page : undefined,
        after: after ?? undefined,
      },
    );
  const categoryName = (id: string) => categories?.find((c) => c.id === id)?.name ?? '';
  const live = useLiveNumbers(
    [...numbers.items, ...(numbers.nearMatches ?? [])].map((number) => number.number),
    choice.taken,
  );

  return (
    <section className="number-results" aria-labelledby="number-results-title">
      <h2 id="number-results-title">{t('numbers.results.title')}</h2>
      <p className="number-results__count">
        {t(pages === null ? 'numbers.results.foundMore' : 'numbers.results.found', { total: numbers.total })}
      </p>
      {numbers.items.length === 0 ? (
        <p className="empty-state">{t('numbers.results.none')}</p>
      ) : (
        <ul className="number-grid">
          {numbers.items.map((number) => (
            <NumberCard
              key={number.number}
              number={number}
              category={categoryName(number.category)}
              held={held}
              choice={choice}
              live={live.get(number.number)}
            />
          ))}
        </ul>
      )}
      {numbers.nearMatches?.length ? (
        <section className="number-results__near" aria-labelledby="number-near-title">
          <h3 id="number-near-title">{t('numbers.results.nearTitle')}</h3>
          <p>{t('numbers.results.nearHint')}</p>
          <ul className="number-grid">
            {numbers.nearMatches.map((number) => (
              <NumberCard
                key={number.number}
                number={number}
                differs={number.differs}
                category={categoryName(number.category)}
                held={held}
                choice={choice}
                live={live.get(number.number)}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {numbers.page > 1 || hasNext ? (
        <nav className="pagination" aria-label={t('numbers.results.pagination')}>
          {numbers.page > 1 && numbers.page - 1 <= DEEPEST_PAGE ? (
            <Link className="button" rel="prev" to={linkTo(numbers.page - 1)}>
              {t('numbers.results.previous')}
            </Link>
          ) : numbers.page > 1 ? (
            // Reached by "Next" past the deepest page a page number reaches: the one before has no link of its own.
            <Link className="button" to={linkTo(1)}>
              {t('numbers.results.firstPage')}
            </Link>
          ) : null}
          <span className="pagination__status">
            {pages === null
              ? t('numbers.results.pageOpen', { page: numbers.page })
              : t('numbers.results.page', { page: numbers.page, pages })}
          </span>
          {hasNext ? (
            <Link className="button button--primary" rel="next" to={linkTo(numbers.page + 1, numbers.nextCursor)}>
              {t('numbers.results.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/**
 * The number as written (+998 77 123 45 67) with the subscriber digits at `differs` (0–6, of the
 * last seven) marked: where a near match differs from the visitor's wish.
 */
function MarkedNumber({ formatted, differs }: { formatted: string; differs: readonly number[] }) {
  const { t } = useTranslation();
  const digitCount = formatted.replace(/\D/g, '').length;
  let digit = -1;
  return (
    <>
      {[...formatted].map((char, i) => {
        if (!/\d/.test(char)) return char;
        digit++;
        const place = digit - (digitCount - 7);
        return differs.includes(place) ? (
          <mark key={i} className="number-card__differs">
            {char}
          </mark>
        ) : (
          char
        );
      })}
      <span className="visually-hidden">{` (${t('numbers.results.nearDiffers', { count: differs.length })})`}</span>
    </>
  );
}

function NumberCard({
  number,
  differs,
  category,
  held,
  choice,
  live,
}: {
  number: PhoneNumber;
  /** A near match: the places of the subscriber digits that differ from the wish. */
  differs?: readonly number[];
  category: string;
  held: HeldReservation | null;
  choice: Choice;
  /** What the live stream last said of this number, if anything. */
  live: LiveStatus | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mine = held?.number === number.number;
  // The stream speaks of the number's latest change: taken by someone else, or free again (the
  // visitor's own booking, once over, takes nothing from them).
  const taken = live === undefined ? choice.taken.has(number.number) : live.status !== 'free' && !live.mine;
  const pending = choice.pending === number.number;
  const outcome = choice.outcome?.number === number.number ? choice.outcome : null;
  const confirming = choice.confirming === number.number;
  return (
    <li className={`number-card${mine ? ' number-card--mine' : ''}${taken ? ' number-card--taken' : ''}`}>
      <span className="number-card__number phone-number">
        {differs ? <MarkedNumber formatted={number.formatted} differs={differs} /> : number.formatted}
      </span>
      <span className="number-card__meta">
        {number.price === 0 ? (
          <span className="badge badge--free">{t('numbers.free')}</span>
        ) : (
          <span className="number-card__price">{formatUzs(number.price, lang)}</span>
        )}
        {number.price > 0 && category ? <span className="number-card__category">{category}</span> : null}
        {number.dateForm ? (
          <span className="number-card__date">
            {t('numbers.results.dateForm', { form: t(`numbers.results.dateForms.${number.dateForm}`) })}
          </span>
        ) : null}
      </span>
      {mine ? (
        <span className="badge badge--mine">{t('numbers.results.yours')}</span>
      ) : taken ? (
        <span className="badge badge--taken">{t('numbers.results.taken')}</span>
      ) : (
        // A form the site's server answers before the scripts run (server/site/http/number-choice.ts);
        // once hydrated, the page's fetcher reserves instead (confirming a replacement, the SMS step).
        <form
          method="post"
          className="number-card__choose"
          onSubmit={(event) => {
            event.preventDefault();
            choice.choose(number);
          }}
        >
          <input type="hidden" name="intent" value="reserve" />
          <input type="hidden" name="number" value={number.number} />
          <button
            type="submit"
            className="button button--small button--primary"
            disabled={pending || choice.pending !== null}
            aria-label={t('numbers.results.chooseNumber', { number: number.formatted })}
          >
            {pending ? t('numbers.results.reserving') : t('numbers.results.choose')}
          </button>
        </form>
      )}
      {confirming && held ? (
        <div className="number-card__confirm" role="group" aria-label={t('numbers.choice.replaceTitle')}>
          <p>{t('numbers.choice.confirmReplace', { current: held.formatted || formatUzPhone(held.number), next: number.formatted })}</p>
          <div className="button-row">
            <button type="button" className="button button--small button--primary" onClick={() => choice.confirmReplace(number)}>
              {t('numbers.choice.replace')}
            </button>
            <button type="button" className="button button--small" onClick={choice.cancelSelection}>
              {t('numbers.choice.cancelSelection')}
            </button>
          </div>
        </div>
      ) : null}
      {outcome ? (
        <p className={`number-card__outcome number-card__outcome--${outcome.tone}`} role={outcome.tone === 'error' ? 'alert' : 'status'}>
          {outcome.text}
          {outcome.link ? (
            <>
              {' '}
              <Link to={outcome.link.to}>{outcome.link.text}</Link>
            </>
          ) : null}
          {outcome.cancel ? (
            <>
              {' '}
              <button type="button" className="button button--small" disabled={outcome.cancel.busy} onClick={outcome.cancel.run}>
                {t('numbers.choice.cancelUnpaid')}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      {outcome?.phoneRequired ? (
        <div className="number-card__confirm" role="group" aria-label={t('purchase.phone.label')}>
          {/* Once the phone is confirmed, useNumberChoice books the number by itself. */}
          <PhoneVerification idPrefix={`number-${number.number.replace(/\D/g, '')}`} />
        </div>
      ) : null}
    </li>
  );
}
