import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceBidResponse } from '../../../shared/api-types';
import type { ShownLot } from '../../api/auctions';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { Field } from '../purchase/Field';
import { AmountFormElement, AmountReview, useAmountForm } from './AmountForm';
import { AmountInput } from './AmountInput';

const FORM_ID = 'auction-bid';
const FIELD_ID = 'bid-amount';

/**
 * A bid of at least the lot's minimum, placed with the SMS-verified phone (the page's `bid`
 * action); the bidder's standing (highest, or outbid with one button to bid the new minimum) as
 * the live stream reports it; an amount more than the lot's plain-bid steps above the minimum is
 * refused here as by the API, pointing to a maximum. The leader cannot outbid themselves (the API refuses it): they see
 * that they lead and that a maximum is how to bid more (buy-now is LotPayments').
 */
export function BidForm({ lot, onAccepted }: { lot: ShownLot; onAccepted: (result: PlaceBidResponse) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const form = useAmountForm(
    ['bid'],
    onAccepted,
    { tooLow: 'auction.bidTooLow', tooHigh: 'auction.bidTooFarAbove', failed: 'auction.bidFailed' },
    lot,
  );
  const { busy, outcome, amount, setAmount } = form;
  const outbid = lot.myBid !== null && lot.myPosition !== 1;
  const leading = lot.myBid !== null && lot.myPosition === 1;

  // Another bid raised the minimum: a typed amount now too low is replaced by the new minimum,
  // unless the visitor is typing in the field at that moment.
  useEffect(() => {
    if (document.activeElement?.id === FIELD_ID) return;
    setAmount((typed) => (typed !== '' && Number(typed) < lot.minimumBid ? String(lot.minimumBid) : typed));
  }, [lot.minimumBid, setAmount]);

  /** Where the bidder stands, with their maximum when they have one (theirs alone: only their own answers carry it). */
  function standing(current: ShownLot, beaten: boolean): string {
    if (current.myBid === null) return '';
    const mine = current.myMaxBid ?? null;
    if (beaten) return mine !== null ? t('auction.maxOutbid', { amount: formatUzs(mine, lang) }) : t('auction.outbid');
    if (mine !== null && current.currentBid !== null && mine > current.currentBid)
      return t('auction.highestUpTo', { amount: formatUzs(mine, lang) });
    return t('auction.highest');
  }

  // A plain bid goes at most plainBidMaxSteps steps above the minimum (the API's rule 9): more is a maximum's.
  const maximumBid = lot.minimumBid + lot.rules.plainBidMaxSteps * lot.step;
  const fields = { intent: 'bid', lotId: lot.id, minimumBid: String(lot.minimumBid), maximumBid: String(maximumBid) };
  // "Your bid is accepted" no longer describes the lot once someone has bid more.
  const accepted = outcome?.ok && !outbid ? t('auction.bidAccepted', { amount: formatUzs(outcome.result.bid.amount, lang) }) : null;

  return (
    <AmountFormElement form={form} id={FORM_ID} className="bid-form" fields={fields}>
      <div className={`bid-form__standing notice${outbid ? ' notice--warning' : ''}`} hidden={lot.myBid === null}>
        <p role="status">{standing(lot, outbid)}</p>
        {outbid ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => {
              // The new minimum keeps the review rules of any amount: a large one is shown back first.
              if (form.needsReview(lot.minimumBid)) {
                setAmount(String(lot.minimumBid));
                form.review(lot.minimumBid);
              } else form.submit({ ...fields, amount: String(lot.minimumBid) });
            }}
          >
            {t('auction.bidMinimum', { amount: formatUzs(lot.minimumBid, lang) })}
          </button>
        ) : null}
        {leading ? <p data-testid="leader-hint">{t('auction.leaderHint')}</p> : null}
      </div>
      {leading ? (
        // Buying now is a payment of its own (LotPayments), for the leader as for anyone.
        <p className="field-error" role="alert">
          {form.error ?? ''}
        </p>
      ) : (
        <Field
          id={FIELD_ID}
          label={t('auction.amountLabel')}
          hint={t('auction.amountHint', { amount: formatUzs(lot.minimumBid, lang) })}
          error={form.error}
        >
          {(control) => <AmountInput control={control} name="amount" placeholder={lot.minimumBid} value={amount} onChange={setAmount} />}
        </Field>
      )}
      {form.reviewed ? (
        <AmountReview
          form={form}
          fieldId={FIELD_ID}
          question={t('auction.review.bid', form.reviewed)}
          confirm={t('auction.review.confirmBid', form.reviewed)}
          mainAction
        />
      ) : leading ? null : (
        <button type="submit" className="button button--primary" disabled={busy} data-main-action>
          {t('auction.placeBid')}
        </button>
      )}
      <p className="bid-form__accepted" role="status">
        {accepted ?? ''}
      </p>
    </AmountFormElement>
  );
}
