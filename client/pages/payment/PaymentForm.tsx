import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { PAYMENT_PROVIDERS } from '../../../shared/contract/values';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { specMessageKey } from '../../api/api-error';
import { describedBy, FormMessage } from '../../features/purchase/Field';
import { updateDraft, usePurchaseDraft } from '../../features/purchase/purchase-draft';
import { chosenFields } from '../../features/purchase/chosen-fields';
import { focusField } from '../../features/purchase/focus-field';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import { formatUzs } from '../../format';
import { paymentForm, type action } from './actions';
import { lastPaymentMethod } from './last-method';
import type { ErrorCode } from '../../../shared/contract/errors';

const FORM_ID = 'payment';

/** Where a refusal sends the visitor to fix it, if anywhere. */
function stepToFix(code: ErrorCode | null): 'identification' | 'numbers' | undefined {
  if (code === 'registration_required') return 'identification';
  if (code === 'number_required' || code === 'reservation_expired') return 'numbers';
  return undefined;
}

/**
 * The payment method, then the order (the purchase form's fields, as the summary shows them) and
 * the provider's page through the page's action. The method chosen in this tab wins, else the one
 * of the visitor's last started payment is preselected (last-method.ts); the pay button names the
 * amount and stays on the screen's bottom edge while the form is in view.
 */
export function PaymentForm({
  orderId,
  total,
  onAlreadyPaid,
}: {
  orderId: string | null;
  total: number;
  onAlreadyPaid: (() => void) | null;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search } = useLocation();
  const draft = usePurchaseDraft();
  const fetcher = useFetcher<typeof action>();
  const [providerError, setProviderError] = useState<string | null>(null);
  const firstOption = useRef<HTMLInputElement>(null);
  const [lastUsed] = useState(lastPaymentMethod);
  const provider = draft.provider ?? lastUsed;
  // Busy from the submission until the provider's page opens (a success leaves the site).
  const busy = fetcher.state !== 'idle' || fetcher.data?.ok === true;
  const refusal = fetcher.state === 'idle' && fetcher.data?.ok === false ? fetcher.data : null;
  const refusalKey = refusal ? specMessageKey(refusal.code) : null;
  const message = refusal
    ? {
        text: refusalKey ? t(refusalKey) : (refusal.message ?? t('payment.failed')),
        to: stepToFix(refusal.code),
      }
    : null;
  // An order paid meanwhile (another tab): the server's word on its activation, once per refusal.
  const paidElsewhere = refusal?.code === 'order_already_paid' ? refusal : null;
  useEffect(() => {
    if (paidElsewhere) onAlreadyPaid?.();
  }, [paidElsewhere, onAlreadyPaid]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    pushFormSubmission(FORM_ID);
    if (!provider) {
      setProviderError(t('payment.methods.choose'));
      focusField(firstOption.current);
      return;
    }
    setProviderError(null);
    void fetcher.submit(paymentForm(orderId, chosenFields(new URLSearchParams(search), draft), provider), { method: 'post' });
  }

  return (
    <form id={FORM_ID} className="card payment-form" noValidate onSubmit={submit}>
      <fieldset>
        <legend>{t('payment.methods.title')}</legend>
        <div className="choice-list choice-list--two">
          {PAYMENT_PROVIDERS.map((id, index) => (
            <label key={id} className="choice choice--provider">
              <input
                ref={index === 0 ? firstOption : undefined}
                type="radio"
                name="provider"
                value={id}
                checked={provider === id}
                onChange={() => updateDraft({ provider: id })}
                aria-labelledby={`provider-${id}-title`}
                aria-describedby={describedBy(`provider-${id}-text`, providerError && 'provider-error')}
                {...(providerError ? { 'aria-invalid': true } : {})}
              />
              <span className="choice__body">
                <span className="choice__title" id={`provider-${id}-title`}>
                  {t(`payment.methods.${id}`)}
                </span>
                <span className="choice__text" id={`provider-${id}-text`}>
                  {t(`payment.methods.${id}Hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        <p className="field-error" id="provider-error" aria-live="polite">
          {providerError ?? ''}
        </p>
      </fieldset>
      <FormMessage id="payment-message" message={message?.text ?? null}>
        {message?.to ? (
          <p>
            <Link to={href(message.to, lang)}>{message.to === 'numbers' ? t('payment.toNumbers') : t('payment.toIdentification')}</Link>
          </p>
        ) : null}
      </FormMessage>
      <p className="payment-form__note">{t('payment.sandboxNote')}</p>
      {onAlreadyPaid ? (
        <p>
          <button type="button" className="button" onClick={onAlreadyPaid} disabled={busy}>
            {t('messages.alreadyPaid')}
          </button>
        </p>
      ) : null}
      <div className="payment-bar">
        <button type="submit" className="button button--primary button--wide" disabled={busy} data-main-action>
          {busy ? t('payment.opening') : t('payment.payAmount', { amount: formatUzs(total, lang) })}
        </button>
      </div>
    </form>
  );
}
