import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuctionLot, PlaceBidResponse } from '../../../shared/api-types';
import { placeBid } from '../../api/auctions';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { apiErrorOf } from '../../features/purchase/api-error';
import { Field } from '../../features/purchase/Field';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';

const FORM_ID = 'auction-bid';

/**
 * A bid of at least the lot's minimum, placed with the SMS-verified phone; the bidder's standing
 * (highest, or outbid with one button to bid the new minimum) as the live stream reports it.
 */
export function BidForm({ lot, onAccepted }: { lot: AuctionLot; onAccepted: (result: PlaceBidResponse) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const outbid = lot.myBid !== null && lot.myPosition !== 1;

  // "Your bid is accepted" no longer describes the lot once someone has bid more.
  useEffect(() => {
    if (outbid) setAccepted(null);
  }, [outbid]);

  // Another bid raised the minimum: a typed amount now too low is replaced by the new minimum,
  // unless the visitor is typing in the field at that moment.
  useEffect(() => {
    if (document.activeElement === input.current) return;
    setAmount((typed) => (typed !== '' && Number(typed.replace(/[\s\u00a0,.]/g, '')) < lot.minimumBid ? String(lot.minimumBid) : typed));
  }, [lot.minimumBid]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    pushFormSubmission(FORM_ID);
    await place(Number((amount || String(lot.minimumBid)).replace(/[\s\u00a0,.]/g, '')));
  }

  async function place(value: number) {
    if (!Number.isSafeInteger(value) || value < lot.minimumBid) {
      setError(t('auction.bidTooLow', { amount: formatUzs(lot.minimumBid, lang) }));
      return;
    }
    setError(null);
    setAccepted(null);
    setBusy(true);
    try {
      const data = await placeBid(lot.id, value);
      setAccepted(t('auction.bidAccepted', { amount: formatUzs(data.bid.amount, lang) }));
      setAmount('');
      onAccepted(data);
    } catch (failure) {
      const body = apiErrorOf(failure);
      setError(
        body?.code === 'bid_too_low' && body.minimumAmount
          ? t('auction.bidTooLow', { amount: formatUzs(body.minimumAmount, lang) })
          : (body?.message ?? t('auction.bidFailed')),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id={FORM_ID} className="bid-form" noValidate onSubmit={submit}>
      <div className={`bid-form__standing notice${outbid ? ' notice--warning' : ''}`} hidden={lot.myBid === null}>
        <p role="status">{lot.myBid === null ? '' : outbid ? t('auction.outbid') : t('auction.highest')}</p>
        {outbid ? (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void place(lot.minimumBid)}>
            {t('auction.bidMinimum', { amount: formatUzs(lot.minimumBid, lang) })}
          </button>
        ) : null}
      </div>
      <Field id="bid-amount" label={t('auction.amountLabel')} hint={t('auction.amountHint', { amount: formatUzs(lot.minimumBid, lang) })} error={error}>
        {(control) => (
          <input
            {...control}
            ref={input}
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
    </form>
  );
}
