import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH, SMS_CODE_SENT_LENGTH } from '../../../shared/contract/values';
import { checkUzPhone, formatUzPhone } from '../../../shared/validation';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import { dismissErrorToast } from '../../platform/toast';
import { Field } from './Field';
import { updateDraft, usePurchaseDraft } from './purchase-draft';
import type { SmsOutcome } from './sms-step';
import { clearAuth, readAuth, subscribeTokens } from '../../../shared/tokens';

/** The SMS challenge's solver (sms-challenge.ts), once its chunk is loaded: only on this step, once a phone is typed. */
let solver: typeof import('./sms-challenge') | null = null;

/** Solves the challenge of a code request for the phone as soon as it is a whole number, while the visitor goes on. */
function useSmsChallenge(phone: string | undefined) {
  useEffect(() => {
    const checked = checkUzPhone(phone ?? '');
    if (!checked.ok) return;
    void import('./sms-challenge')
      .then((loaded) => {
        solver = loaded;
        return loaded.prepareSmsChallenge(checked.value);
      })
      // Asked again, and its failure shown, when the code is requested.
      .catch(() => undefined);
  }, [phone]);
}

/**
 * The error toasts of the step's refused requests (the shared HTTP client shows the API's text),
 * closed once the phone is confirmed: "The code is incorrect." says nothing true any more.
 */
function useMootToastsClosed(confirmed: boolean, sent: SmsOutcome | undefined, checked: SmsOutcome | undefined) {
  const shown = useRef(new Set<string>());
  const sendRefused = sent && !sent.ok ? sent.message : null;
  const codeRefused = checked && !checked.ok ? checked.message : null;
  useEffect(() => {
    for (const message of [sendRefused, codeRefused]) if (message) shown.current.add(message);
  }, [sendRefused, codeRefused]);
  useEffect(() => {
    if (!confirmed) return;
    for (const message of shown.current) dismissErrorToast(message);
    shown.current.clear();
  }, [confirmed]);
}

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
  // Sending and checking are the page's action (sms-step.ts), each through its own fetcher: the
  // code sent stays known while the code is checked, and busy and refusals are the fetchers'.
  const sending = useFetcher<SmsOutcome>();
  const verifying = useFetcher<SmsOutcome>();
  const [code, setCode] = useState('');
  const sent = sending.data;
  const checked = verifying.data;
  const sentTo = sent?.intent !== 'sms-send' ? null : sent.ok ? sent.phone : sent.codeStillValidFor;
  // A refusal's text; the code's (purchase.phone.codeFormat) names the contract's length.
  const refusal = (outcome: SmsOutcome | undefined) =>
    outcome && !outcome.ok ? (outcome.message ?? t(outcome.messageKey, SMS_CODE_LENGTH)) : null;
  const phoneError = refusal(sent);
  const codeError = refusal(checked);
  const busy = sending.state !== 'idle' || verifying.state !== 'idle';
  // The code was asked before the page's check was solved: the visitor is told why it takes a moment.
  const [checking, setChecking] = useState(false);
  useSmsChallenge(auth ? undefined : draft.phone);
  useMootToastsClosed(auth !== null, sent, checked);
  // The code's field takes the focus once a code was sent; the confirmed status, once it was accepted here.
  const codeField = useRef<HTMLInputElement>(null);
  const confirmedStatus = useRef<HTMLParagraphElement>(null);
  const justConfirmed = auth !== null && checked?.ok === true;
  useEffect(() => {
    if (sentTo) codeField.current?.focus();
  }, [sentTo]);
  useEffect(() => {
    if (justConfirmed) confirmedStatus.current?.focus();
  }, [justConfirmed]);

  if (auth) {
    return (
      <div className="phone-verified">
        <p ref={confirmedStatus} role="status" tabIndex={-1}>
          <span aria-hidden="true" className="phone-verified__mark">
            ✓
          </span>{' '}
          {t('purchase.phone.confirmed')} <strong className="phone-number">{formatUzPhone(auth.phone)}</strong>
        </p>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            clearAuth();
            sending.reset();
            verifying.reset();
          }}
        >
          {t('purchase.phone.change')}
        </button>
      </div>
    );
  }

  function requestCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    pushFormSubmission(`${idPrefix}-sms-request`);
    verifying.reset();
    setCode('');
    const checked = checkUzPhone(draft.phone ?? '');
    setChecking(checked.ok && !solver?.smsChallengeReady(checked.value));
    void sending.submit({ intent: 'sms-send', phone: draft.phone ?? '' }, { method: 'post', defaultShouldRevalidate: false });
  }

  function confirm(typed: string) {
    pushFormSubmission(`${idPrefix}-sms-verify`);
    if (!sentTo) return;
    void verifying.submit({ intent: 'sms-verify', phone: sentTo, code: typed }, { method: 'post', defaultShouldRevalidate: false });
  }

  function verifyCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    confirm(code);
  }

  /** The code as typed; its last digit confirms it by itself (the Confirm button stays for shorter codes). */
  function typeCode(typed: string) {
    setCode(typed);
    const whole = typed.trim().length === SMS_CODE_SENT_LENGTH && /^\d+$/.test(typed.trim());
    if (whole && typed.trim() !== code.trim() && !busy) confirm(typed.trim());
  }

  return (
    <div className="phone-verification">
      <form id={`${idPrefix}-sms-request`} className="inline-form" noValidate onSubmit={requestCode}>
        <Field id={`${idPrefix}-phone`} label={t('purchase.phone.label')} hint={t('purchase.phone.hint')} error={phoneError}>
          {(control) => (
            // +998 stands fixed before the field: the nine national digits are enough (checkUzPhone).
            <span className="phone-input">
              <span className="phone-input__prefix" aria-hidden="true">
                +998
              </span>
              <input
                {...control}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="90 123 45 67"
                value={draft.phone ?? ''}
                onChange={(e) => updateDraft({ phone: e.target.value })}
              />
            </span>
          )}
        </Field>
        <button type="submit" className={sentTo ? 'button' : 'button button--primary'} disabled={busy}>
          {sentTo ? t('purchase.phone.sendAgain') : t('purchase.phone.send')}
        </button>
        <p className="inline-form__note" role="status">
          {checking && sending.state !== 'idle' ? t('purchase.phone.checking') : null}
        </p>
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
                ref={codeField}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={SMS_CODE_LENGTH.max}
                value={code}
                onChange={(e) => typeCode(e.target.value)}
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
