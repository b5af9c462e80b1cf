import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentProvider } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { createOrder, startPayment } from '../../api/orders';
import { useLanguage } from '../../components/use-language';
import { useRuntime } from '../../runtime';
import { apiErrorCode, apiErrorOf, specMessageKey } from '../../features/purchase/api-error';
import { describedBy, FormMessage } from '../../features/purchase/Field';
import { updateDraft, usePurchaseDraft } from '../../features/purchase/purchase-draft';
import { focusField } from '../../features/purchase/focus-field';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import type { SummaryLines } from './OrderSummary';
import { paymentPageUrl } from './payment-page-url';

const FORM_ID = 'payment';
export const PROVIDERS: PaymentProvider[] = ['payme', 'click', 'uzum', 'card'];

/**
 * The payment method, then: the order (once), the payment, and the provider's page (a full
 * navigation: it is another site). Its answer comes back to /payment with ?order=&payment=.
 */
export function PaymentForm({ orderId, lines, onAlreadyPaid }: { orderId: string | null; lines: SummaryLines; onAlreadyPaid: (() => void) | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { config } = useRuntime();
  const draft = usePurchaseDraft();
  const [busy, setBusy] = useState(false);
  const [providerError, setProviderError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; to?: 'numbers' | 'identification' } | null>(null);
  const firstOption = useRef<HTMLInputElement>(null);
  const provider = draft.provider ?? null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    pushFormSubmission(FORM_ID);
    setMessage(null);
    if (!provider) {
      setProviderError(t('payment.methods.choose'));
      focusField(firstOption.current);
      return;
    }
    setProviderError(null);
    setBusy(true);
    try {
      const id =
        orderId ??
        (
          await createOrder({
            tariff: lines.tariff.choice,
            simType: lines.simType,
            ...(lines.email ? { email: lines.email } : {}),
            ...(lines.delivery ? { delivery: lines.delivery } : {}),
          })
        ).id;
      const payment = await startPayment(id, provider, href('payment', lang));
      window.location.assign(paymentPageUrl(payment.paymentUrl, config.apiBaseUrl, lang));
    } catch (error) {
      const code = apiErrorCode(error);
      const key = specMessageKey(code);
      if (code === 'order_already_paid' && onAlreadyPaid) onAlreadyPaid();
      setMessage({
        text: key ? t(key) : (apiErrorOf(error)?.message ?? t('payment.failed')),
        to: code === 'registration_required' ? 'identification' : code === 'number_required' || code === 'reservation_expired' ? 'numbers' : undefined,
      });
      setBusy(false);
    }
  }

  return (
    <form id={FORM_ID} className="card payment-form" noValidate onSubmit={submit}>
      <fieldset>
        <legend>{t('payment.methods.title')}</legend>
        <div className="choice-list choice-list--two">
          {PROVIDERS.map((id, index) => (
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
                <span className="choice__title" id={`provider-${id}-title`}>{t(`payment.methods.${id}`)}</span>
                <span className="choice__text" id={`provider-${id}-text`}>{t(`payment.methods.${id}Hint`)}</span>
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
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('payment.opening') : t('payment.pay')}
        </button>
        {onAlreadyPaid ? (
          <button type="button" className="button" onClick={onAlreadyPaid} disabled={busy}>
            {t('messages.alreadyPaid')}
          </button>
        ) : null}
      </div>
      <p className="payment-form__note">{t('payment.sandboxNote')}</p>
    </form>
  );
}
