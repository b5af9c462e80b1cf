import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuctionLot, PlaceBidResponse } from '../../../shared/api-types';
import { apiClient } from '../../api-client';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { apiErrorOf } from '../../features/purchase/api-error';
import { Field } from '../../features/purchase/Field';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import { authHeaders } from './use-auction-lot';

const FORM_ID = 'auction-bid';

/** A bid of at least the lot's minimum, placed with the SMS-verified phone. */
export function BidForm({ lot, onAccepted }: { lot: AuctionLot; onAccepted: (result: PlaceBidResponse) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    pushFormSubmission(FORM_ID);
    const value = Number((amount || String(lot.minimumBid)).replace(/[\s\u00a0,.]/g, ''));
    if (!Number.isSafeInteger(value) || value < lot.minimumBid) {
      setError(t('auction.bidTooLow', { amount: formatUzs(lot.minimumBid, lang) }));
      return;
    }
    setError(null);
    setAccepted(null);
    setBusy(true);
    try {
      const { data } = await apiClient().post<PlaceBidResponse>(`/auctions/${encodeURIComponent(lot.id)}/bids`, { amount: value }, { headers: authHeaders() });
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
      <Field id="bid-amount" label={t('auction.amountLabel')} hint={t('auction.amountHint', { amount: formatUzs(lot.minimumBid, lang) })} error={error}>
        {(control) => (
          <input
            {...control}
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
