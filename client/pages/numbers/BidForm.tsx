import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { AuctionLot, PlaceBidResponse } from '../../../shared/api-types';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { Field } from '../../features/purchase/Field';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import type { action } from './actions';

const FORM_ID = 'auction-bid';

/**
 * A bid of at least the lot's minimum, placed with the SMS-verified phone (the page's `bid`
 * action); the bidder's standing (highest, or outbid with one button to bid the new minimum) as
 * the live stream reports it.
 */
export function BidForm({ lot, onAccepted }: { lot: AuctionLot; onAccepted: (result: PlaceBidResponse) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const fetcher = useFetcher<typeof action>();
  const [amount, setAmount] = useState('');
  const input = useRef<HTMLInputElement | null>(null);
  const outbid = lot.myBid !== null && lot.myPosition !== 1;
  const busy = fetcher.state !== 'idle';
  const outcome = !busy && fetcher.data?.intent === 'bid' ? fetcher.data : undefined;

  // The accepted bid joins the lot at once (the stream may say it a moment later) and the field empties.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!outcome?.ok || handled.current === outcome) return;
    handled.current = outcome;
    onAccepted(outcome.result);
    setAmount('');
  }, [outcome, onAccepted]);

  // Another bid raised the minimum: a typed amount now too low is replaced by the new minimum,
  // unless the visitor is typing in the field at that moment.
  useEffect(() => {
    if (document.activeElement === input.current) return;
    setAmount((typed) => (typed !== '' && Number(typed.replace(/[\s\u00a0,.]/g, '')) < lot.minimumBid ? String(lot.minimumBid) : typed));
  }, [lot.minimumBid]);

  /** Where the bidder stands, with their maximum when they have one (theirs alone: only their own answers carry it). */
  function standing(current: AuctionLot, beaten: boolean): string {
    if (current.myBid === null) return '';
    const mine = current.myMaxBid ?? null;
    if (beaten) return mine !== null ? t('auction.maxOutbid', { amount: formatUzs(mine, lang) }) : t('auction.outbid');
    if (mine !== null && current.currentBid !== null && mine > current.currentBid)
      return t('auction.highestUpTo', { amount: formatUzs(mine, lang) });
    return t('auction.highest');
  }

  // The lot follows its own stream and refresh: a revalidation would fetch it again for nothing.
  const fields = { intent: 'bid', lotId: lot.id, minimumBid: String(lot.minimumBid) };
  const error =
    outcome && !outcome.ok
      ? outcome.minimumAmount !== null
        ? t('auction.bidTooLow', { amount: formatUzs(outcome.minimumAmount, lang) })
        : (outcome.message ?? t('auction.bidFailed'))
      : null;
  // "Your bid is accepted" no longer describes the lot once someone has bid more.
  const accepted = outcome?.ok && !outbid ? t('auction.bidAccepted', { amount: formatUzs(outcome.result.bid.amount, lang) }) : null;

  return (
    <fetcher.Form
      id={FORM_ID}
      method="post"
      defaultShouldRevalidate={false}
      className="bid-form"
      noValidate
      onSubmit={() => pushFormSubmission(FORM_ID)}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={`bid-form__standing notice${outbid ? ' notice--warning' : ''}`} hidden={lot.myBid === null}>
        <p role="status">{standing(lot, outbid)}</p>
        {outbid ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() =>
              void fetcher.submit({ ...fields, amount: String(lot.minimumBid) }, { method: 'post', defaultShouldRevalidate: false })
            }
          >
            {t('auction.bidMinimum', { amount: formatUzs(lot.minimumBid, lang) })}
          </button>
        ) : null}
      </div>
      <Field
        id="bid-amount"
        label={t('auction.amountLabel')}
        hint={t('auction.amountHint', { amount: formatUzs(lot.minimumBid, lang) })}
        error={error}
      >
        {(control) => (
          <input
            {...control}
            ref={input}
            name="amount"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={String(lot.minimumBid)}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('auction.placeBid')}
      </button>
      <p className="bid-form__accepted" role="status">
        {accepted ?? ''}
      </p>
    </fetcher.Form>
  );
}
