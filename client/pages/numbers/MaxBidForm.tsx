import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { AuctionLot, AuctionLotDetail } from '../../../shared/api-types';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { Field } from '../../features/purchase/Field';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import type { action } from './actions';

const FORM_ID = 'auction-max-bid';

/**
 * "Set your maximum": the most the bidder will pay, bid for them one step over the best rival
 * (the page's `max-bid` action). Shows the owner their own maximum, which nobody else sees, and
 * lets them raise, lower or remove it as the API allows.
 */
export function MaxBidForm({ lot, onChanged }: { lot: AuctionLot; onChanged: (lot: AuctionLotDetail) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const fetcher = useFetcher<typeof action>();
  const [amount, setAmount] = useState('');
  const busy = fetcher.state !== 'idle';
  const outcome = !busy && (fetcher.data?.intent === 'max-bid' || fetcher.data?.intent === 'remove-max-bid') ? fetcher.data : undefined;
  const mine = lot.myMaxBid ?? null;

  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!outcome?.ok || handled.current === outcome) return;
    handled.current = outcome;
    onChanged(outcome.lot);
    setAmount('');
  }, [outcome, onChanged]);

  const fields = { intent: 'max-bid', lotId: lot.id, minimumBid: String(lot.minimumBid) };
  const error =
    outcome && !outcome.ok
      ? outcome.minimumAmount !== null
        ? t('auction.maxTooLow', { amount: formatUzs(outcome.minimumAmount, lang) })
        : (outcome.message ?? t('auction.maxFailed'))
      : null;

  return (
    <fetcher.Form
      id={FORM_ID}
      method="post"
      defaultShouldRevalidate={false}
      className="bid-form max-bid-form"
      noValidate
      onSubmit={() => pushFormSubmission(FORM_ID)}
    >
      <h4>{t('auction.maxTitle')}</h4>
      <p className="facts__note">{t('auction.maxIntro')}</p>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {mine !== null ? (
        <p data-testid="my-max-bid">
          {t('auction.yourMax', { amount: formatUzs(mine, lang) })}{' '}
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              void fetcher.submit({ intent: 'remove-max-bid', lotId: lot.id }, { method: 'post', defaultShouldRevalidate: false })
            }
          >
            {t('auction.removeMax')}
          </button>
        </p>
      ) : null}
      <Field
        id="max-bid-amount"
        label={mine === null ? t('auction.maxLabel') : t('auction.maxChangeLabel')}
        hint={t('auction.maxHint', { amount: formatUzs(lot.minimumBid, lang) })}
        error={error}
      >
        {(control) => (
          <input
            {...control}
            name="maxAmount"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="button" disabled={busy}>
        {mine === null ? t('auction.setMax') : t('auction.changeMax')}
      </button>
    </fetcher.Form>
  );
}
