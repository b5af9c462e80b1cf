import { useTranslation } from 'react-i18next';
import type { AuctionLotDetail } from '../../../shared/api-types';
import type { ShownLot } from '../../api/auctions';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { Field } from '../purchase/Field';
import { AmountFormElement, AmountReview, useAmountForm } from './AmountForm';
import { AmountInput } from './AmountInput';

const FORM_ID = 'auction-max-bid';

/**
 * "Set your maximum": the most the bidder will pay, bid for them one step over the best rival
 * (the page's `max-bid` action). Shows the owner their own maximum, which nobody else sees, and
 * lets them raise, lower or remove it as the API allows.
 */
export function MaxBidForm({ lot, onChanged }: { lot: ShownLot; onChanged: (lot: AuctionLotDetail) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const form = useAmountForm(['max-bid', 'remove-max-bid'], onChanged, { tooLow: 'auction.maxTooLow', failed: 'auction.maxFailed' }, lot);
  const { busy, amount, setAmount } = form;
  const mine = lot.myMaxBid ?? null;

  const fields = { intent: 'max-bid', lotId: lot.id, minimumBid: String(lot.minimumBid) };

  return (
    <AmountFormElement form={form} id={FORM_ID} className="bid-form max-bid-form" fields={fields}>
      <h4>{t('auction.maxTitle')}</h4>
      <p className="facts__note">{t('auction.maxIntro')}</p>
      {mine !== null ? (
        <p data-testid="my-max-bid">
          {t('auction.yourMax', { amount: formatUzs(mine, lang) })}{' '}
          <button type="button" className="button" disabled={busy} onClick={() => form.submit({ intent: 'remove-max-bid', lotId: lot.id })}>
            {t('auction.removeMax')}
          </button>
        </p>
      ) : null}
      <Field
        id="max-bid-amount"
        label={mine === null ? t('auction.maxLabel') : t('auction.maxChangeLabel')}
        hint={t('auction.maxHint', { amount: formatUzs(lot.minimumBid, lang) })}
        error={form.error}
      >
        {(control) => <AmountInput control={control} name="maxAmount" value={amount} onChange={setAmount} />}
      </Field>
      {form.reviewed ? (
        <AmountReview
          form={form}
          fieldId="max-bid-amount"
          question={t('auction.review.max', form.reviewed)}
          confirm={t('auction.review.confirmMax', form.reviewed)}
        />
      ) : (
        <button type="submit" className="button" disabled={busy}>
          {mine === null ? t('auction.setMax') : t('auction.changeMax')}
        </button>
      )}
    </AmountFormElement>
  );
}
