import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/Link';
import type { ShownLotDetail } from '../../api/auctions';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { PhoneVerification, usePhoneAuth } from '../purchase/PhoneVerification';
import { carriedQuery } from '../purchase/purchase-draft';
import { formatPeriod, formatTashkentTime } from '../purchase/time-format';
import { useHydrated } from '../../components/use-hydrated';
import type { AuctionAction } from './actions';
import { mayBid } from './lot-payment-state';
import { useAuctionLot } from './use-auction-lot';
import { LotTimeLeft } from './LotTimeLeft';
import { LOT_ACTION_ID, LotBar } from './LotBar';
import { HydrationBoundary } from '../../components/HydrationBoundary';
import './auction.css';

// Shown only to a confirmed phone after hydration: from its own chunk, off the page's first load.
const LotPayments = lazy(() => import('./LotPayments').then((module) => ({ default: module.LotPayments })));
// So are the bid and maximum forms (their grouped amounts, their review of a large one).
const LotForms = lazy(() => import('./LotForms').then((module) => ({ default: module.LotForms })));

/** One lot: the server's end time and time left, the current bid, the visitor's position, bids, and buying when won. */
export function AuctionLotView({ initial }: { initial: ShownLotDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { search } = useLocation();
  const hydrated = useHydrated();
  const auth = usePhoneAuth();
  const { lot, over, clock, extendedTo, newBid, accept, refresh } = useAuctionLot(initial, auth?.token ?? null);
  // Buying the won lot is the page's action (actions.ts): busy and refusal are the fetcher's.
  const buying = useFetcher<AuctionAction>();
  const bought = buying.state === 'idle' && buying.data?.intent === 'buy-lot' ? buying.data : undefined;
  const buyError = bought && !bought.ok ? (bought.message ?? t('auction.buyFailed')) : null;
  const carried = carriedQuery(new URLSearchParams(search));
  const running = lot.status === 'active' && !over;
  // Once booked, the visitor goes on to choose their SIM and tariff with it.
  const booked = bought?.ok === true;
  const numbersPage = href('numbers', lang, {}, carried);
  useEffect(() => {
    if (booked) navigate(numbersPage);
  }, [booked, navigate, numbersPage]);

  function buy() {
    void buying.submit({ intent: 'buy-lot', lotId: lot.id }, { method: 'post', defaultShouldRevalidate: false });
  }

  return (
    <article className="auction-lot" aria-labelledby="lot-title">
      <p>
        <Link to={href('numbers', lang, {}, carried)}>← {t('auction.back')}</Link>
      </p>
      <div className="auction-lot__grid">
        <section className="card auction-lot__facts">
          <span className="badge badge--auction">{t('auction.badge')}</span>
          <h2 id="lot-title" className="phone-number auction-lot__number">
            {lot.formatted}
          </h2>
          <dl className="facts">
            <div>
              <dt>{lot.currentBid === null ? t('auction.startPrice') : t('auction.currentBid')}</dt>
              <dd className="facts__main">{formatUzs(lot.currentBid ?? lot.startPrice, lang)}</dd>
            </div>
            <div>
              <dt>{t('auction.minimumBid')}</dt>
              <dd>{formatUzs(lot.minimumBid, lang)}</dd>
            </div>
            <div>
              <dt>{t('auction.step')}</dt>
              <dd>{formatUzs(lot.step, lang)}</dd>
            </div>
            {lot.buyNowPrice !== null ? (
              <div>
                <dt>{t('auction.buyNow')}</dt>
                <dd>{formatUzs(lot.buyNowPrice, lang)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{lot.status === 'upcoming' ? t('auction.startsAt') : t('auction.endsAt')}</dt>
              <dd>
                <time dateTime={lot.status === 'upcoming' ? lot.startsAt : lot.endsAt} data-testid="lot-ends-at">
                  {formatTashkentTime(lot.status === 'upcoming' ? lot.startsAt : lot.endsAt)}
                </time>{' '}
                <span className="facts__note">{t('auction.tashkentTime')}</span>
              </dd>
            </div>
            {lot.status === 'active' ? (
              <div>
                <dt>{t('auction.timeLeft')}</dt>
                <dd>
                  {/* The timer role on the value, not the <dd>: a list's terms and values keep their own roles. */}
                  <span role="timer">{running ? <LotTimeLeft clock={clock} /> : t('auction.ended')}</span>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('auction.bidCount')}</dt>
              <dd>{lot.bidCount}</dd>
            </div>
            {lot.myBid !== null ? (
              <div>
                <dt>{t('auction.yourBid')}</dt>
                <dd>
                  {formatUzs(lot.myBid, lang)} ·{' '}
                  <strong>{lot.myPosition === 1 ? t('auction.leading') : t('auction.position', { position: lot.myPosition })}</strong>
                </dd>
              </div>
            ) : null}
          </dl>
          {/* One polite region for what changes while the visitor watches: a bid by someone else, a moved end. */}
          <p className="notice auction-lot__live" role="status" data-testid="lot-live">
            {[
              newBid ? t('auction.newBid', { amount: formatUzs(newBid.amount, lang), minimum: formatUzs(lot.minimumBid, lang) }) : '',
              extendedTo ? t('auction.extended', { time: formatTashkentTime(extendedTo) }) : '',
            ]
              .filter(Boolean)
              .join(' ')}
          </p>
        </section>

        <section id={LOT_ACTION_ID} className="card auction-lot__action" aria-labelledby="lot-action-title">
          <h3 id="lot-action-title">
            {lot.myTurnToBuyUntil
              ? t('auction.wonTitle')
              : lot.status !== 'upcoming' && !running
                ? t('auction.ended')
                : t('auction.bidTitle')}
          </h3>
          {lot.myTurnToBuyUntil ? (
            <>
              <p>
                {t('auction.won', {
                  time: formatTashkentTime(lot.myTurnToBuyUntil),
                  amount: formatUzs(lot.myBid ?? lot.currentBid ?? 0, lang),
                })}
              </p>
              <button type="button" className="button button--primary" onClick={buy} disabled={buying.state !== 'idle' || booked}>
                {t('auction.buy')}
              </button>
              <p className="field-error" role="alert">
                {buyError ?? ''}
              </p>
            </>
          ) : lot.status === 'upcoming' ? (
            <p>{t('auction.notStarted', { time: formatTashkentTime(lot.startsAt) })}</p>
          ) : !running ? (
            // Over: the heading says so; a sold number's price is all there is to add.
            lot.status === 'sold' && lot.soldPrice !== null ? (
              <>
                <p>{t('auction.sold', { amount: formatUzs(lot.soldPrice, lang) })}</p>
                {hydrated && auth ? (
                  <Suspense fallback={null}>
                    <LotPayments lot={lot} />
                  </Suspense>
                ) : null}
              </>
            ) : null
          ) : !hydrated || !auth ? (
            <>
              <p>{t('auction.verifyToBid')}</p>
              <PhoneVerification idPrefix="auction" />
            </>
          ) : (
            <>
              <PhoneVerification idPrefix="auction" />
              {/* Buy-now, the deposit a premium lot asks, a ban: the bid forms only once the visitor may bid. */}
              <Suspense fallback={null}>
                <LotPayments lot={lot} />
              </Suspense>
              {mayBid(lot) ? (
                <Suspense fallback={null}>
                  <LotForms
                    lot={lot}
                    onAccepted={(result) => {
                      accept(result.lot);
                      void refresh();
                    }}
                    onChanged={accept}
                  />
                </Suspense>
              ) : null}
            </>
          )}
        </section>
      </div>

      {/* The rules and the bid history, below the first screen, are hydrated on their own (issue 35). */}
      <HydrationBoundary>
        <section className="card auction-rules" aria-labelledby="lot-rules-title">
          <h3 id="lot-rules-title">{t('auction.rules.title')}</h3>
          {/* Every rule the API keeps (server/api/auctions/bid-rules.ts), with the figures of the lot's own `rules`. */}
          <ul>
            <li>{t('auction.rules.step', { amount: formatUzs(lot.step, lang) })}</li>
            <li>
              {t('auction.rules.plainBidCap', {
                amount: formatUzs(lot.rules.plainBidMaxSteps * lot.step, lang),
                steps: lot.rules.plainBidMaxSteps,
              })}
            </li>
            <li>{t('auction.rules.late', { period: formatPeriod(lot.rules.lateBidSeconds * 1000, t) })}</li>
            <li>
              {t('auction.rules.lateCap', {
                period: formatPeriod(lot.rules.extendMaxSeconds * 1000, t),
                time: formatTashkentTime(lot.rules.latestEndAt),
              })}
            </li>
            {lot.buyNowPrice !== null ? (
              <li>
                {t('auction.rules.buyNow', {
                  amount: formatUzs(lot.buyNowPrice, lang),
                  period: formatPeriod(lot.rules.buyNowWindowSeconds * 1000, t),
                })}
              </li>
            ) : null}
            {lot.depositAmount !== null ? (
              <li>{t('auction.rules.deposit', { amount: formatUzs(lot.depositAmount, lang), percent: lot.rules.depositPercent })}</li>
            ) : null}
            <li>{t('auction.rules.leader')}</li>
            <li>{t('auction.rules.maximum')}</li>
            <li>{t('auction.rules.maximumFixed')}</li>
            <li>{t('auction.rules.pay', { period: formatPeriod(lot.rules.paymentWindowSeconds * 1000, t) })}</li>
            <li>{t(`auction.rules.unpaid.${lot.rules.whenUnpaid}`)}</li>
            <li>{t('auction.rules.unpaidBarred')}</li>
            {lot.rules.banSeconds > 0 ? (
              <li>{t('auction.rules.banned', { period: formatPeriod(lot.rules.banSeconds * 1000, t) })}</li>
            ) : null}
          </ul>
        </section>

        <section className="auction-lot__bids" aria-labelledby="lot-bids-title">
          <h3 id="lot-bids-title">{t('auction.history')}</h3>
          {lot.bids.length === 0 ? (
            <p className="empty-state">{t('auction.noBids')}</p>
          ) : (
            <table className="bids-table">
              <thead>
                <tr>
                  <th scope="col">{t('auction.bidAmount')}</th>
                  <th scope="col">{t('auction.bidder')}</th>
                  <th scope="col">{t('auction.bidTime')}</th>
                </tr>
              </thead>
              <tbody>
                {lot.bids.map((bid, index) => (
                  <tr key={`${bid.createdAt}-${index}`} className={bid.mine ? 'bids-table__mine' : undefined}>
                    <td>
                      {formatUzs(bid.amount, lang)}
                      {bid.automatic ? <span className="facts__note"> · {t('auction.automatic')}</span> : null}
                    </td>
                    <td>
                      {bid.bidder}
                      {bid.mine ? ` (${t('auction.you')})` : ''}
                    </td>
                    <td>
                      <time dateTime={bid.createdAt}>{formatTashkentTime(bid.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </HydrationBoundary>
      {/* Last in the lot, so it stays at the bottom of the screen for as long as the lot is. */}
      {running ? <LotBar lot={lot} clock={clock} /> : null}
    </article>
  );
}
