import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkUzPhone, formatUzPhone, validationMessageKey } from '../../../shared/validation';
import { sendSmsCode, verifySmsCode } from '../../api/sms';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import { apiErrorOf } from './api-error';
import { Field } from './Field';
import { updateDraft, usePurchaseDraft } from './purchase-draft';
import { clearAuth, readAuth, subscribeTokens } from './token-store';

export function usePhoneAuth() {
  return useSyncExternalStore(subscribeTokens, readAuth, () => null);
}

/**
 * The SMS step (spec section 3: "SMS code, sent to the number"): the visitor's phone, a code,
 * then auth_token and auth_token_number in storage. Bids and identification need it.
 */
export function PhoneVerification({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const auth = usePhoneAuth();
  const draft = usePurchaseDraft();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (auth) {
    return (
      <div className="phone-verified">
        <p>
          <span aria-hidden="true" className="phone-verified__mark">
            ✓
          </span>{' '}
          {t('purchase.phone.confirmed')} <strong className="phone-number">{formatUzPhone(auth.phone)}</strong>
        </p>
        <button type="button" className="button button--small" onClick={() => clearAuth()}>
          {t('purchase.phone.change')}
        </button>
      </div>
    );
  }

  async function requestCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    pushFormSubmission(`${idPrefix}-sms-request`);
    const checked = checkUzPhone(draft.phone ?? '');
    if (!checked.ok) {
      setPhoneError(t(validationMessageKey(checked.error)));
      return;
    }
    setPhoneError(null);
    setBusy(true);
    try {
      const sent = await sendSmsCode(checked.value);
      setSentTo(sent.phone);
      setCode('');
      setCodeError(null);
    } catch (error) {
      const failure = apiErrorOf(error);
      setPhoneError(failure?.message ?? t('purchase.phone.sendFailed'));
      // Too soon for a new code: the last one is still valid, so let the visitor type it.
      if (failure?.code === 'sms_rate_limited') setSentTo(checked.value);
    } finally {
      setBusy(false);
    }
  }

  async function verifyCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    pushFormSubmission(`${idPrefix}-sms-verify`);
    if (!sentTo) return;
    if (!/^\d{4,8}$/.test(code.trim())) {
      setCodeError(t('purchase.phone.codeFormat'));
      return;
    }
    setCodeError(null);
    setBusy(true);
    try {
      await verifySmsCode(sentTo, code.trim());
      setSentTo(null);
    } catch (error) {
      setCodeError(apiErrorOf(error)?.message ?? t('purchase.phone.verifyFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="phone-verification">
      <form id={`${idPrefix}-sms-request`} className="inline-form" noValidate onSubmit={requestCode}>
        <Field id={`${idPrefix}-phone`} label={t('purchase.phone.label')} hint={t('purchase.phone.hint')} error={phoneError}>
          {(control) => (
            <input
              {...control}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+998 90 123 45 67"
              value={draft.phone ?? ''}
              onChange={(e) => updateDraft({ phone: e.target.value })}
            />
          )}
        </Field>
        <button type="submit" className={sentTo ? 'button' : 'button button--primary'} disabled={busy}>
          {sentTo ? t('purchase.phone.sendAgain') : t('purchase.phone.send')}
        </button>
      </form>
      {sentTo ? (
        <form id={`${idPrefix}-sms-verify`} className="inline-form" noValidate onSubmit={verifyCode}>
          <p className="inline-form__note" role="status">
            {t('purchase.phone.codeSent', { phone: formatUzPhone(sentTo) })}
          </p>
          <Field id={`${idPrefix}-code`} label={t('purchase.phone.codeLabel')} error={codeError}>
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={8}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('purchase.phone.confirm')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
