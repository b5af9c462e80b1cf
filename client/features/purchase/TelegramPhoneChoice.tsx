import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import type { SmsOutcome } from './sms-step';
import { useTelegramPhoneOffered } from './telegram-step';

/**
 * Inside Telegram's Mini App, beside the SMS code: the phone Telegram shares (telegram-step.ts),
 * when the API confirms phones that way. Its own chunk, loaded by PhoneVerification only in the
 * Mini App: the phone step outside Telegram carries none of it.
 */
export function TelegramPhoneChoice({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const sharing = useFetcher<SmsOutcome>();
  const offered = useTelegramPhoneOffered();
  const outcome = sharing.data?.intent === 'phone-telegram' && !sharing.data.ok ? sharing.data : null;
  const error = outcome ? (outcome.message ?? t(outcome.messageKey)) : null;
  const alert = (
    <p className="field-error" role="alert">
      {error ?? ''}
    </p>
  );
  // Without the API's support (or once it said so) the SMS step alone, with what the API said.
  if (!offered || outcome?.unavailable) return error ? alert : null;

  function share() {
    pushFormSubmission(`${idPrefix}-telegram-phone`);
    void sharing.submit({ intent: 'phone-telegram' }, { method: 'post', defaultShouldRevalidate: false });
  }

  return (
    <div className="phone-telegram">
      <button type="button" className="button button--primary" onClick={share} disabled={sharing.state !== 'idle'}>
        {t('purchase.phone.telegram.share')}
      </button>
      {alert}
      <p className="inline-form__note">{t('purchase.phone.telegram.orSms')}</p>
    </div>
  );
}
