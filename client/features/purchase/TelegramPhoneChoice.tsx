import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import { telegramPhoneStep, type TelegramPhoneOutcome } from './telegram-step';

/**
 * Inside Telegram's Mini App, beside the SMS code: the phone Telegram shares (telegram-step.ts).
 * The Mini App's chunk puts it into the phone step (client/features/telegram/phone-choice.tsx)
 * when the API confirms phones that way; the phone step itself carries none of it. Confirmed, the
 * token is stored and the phone step shows the phone confirmed, as after the SMS code.
 */
export function TelegramPhoneChoice({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TelegramPhoneOutcome | null>(null);
  const refusal = outcome && !outcome.ok ? outcome : null;
  const error = refusal ? (refusal.message ?? t(refusal.messageKey)) : null;
  const alert = (
    <p className="field-error" role="alert">
      {error ?? ''}
    </p>
  );
  // The API said it does not confirm phones this way after all: the SMS step alone, with what it said.
  if (refusal?.unavailable) return alert;

  function share() {
    pushFormSubmission(`${idPrefix}-telegram-phone`);
    setBusy(true);
    setOutcome(null);
    void telegramPhoneStep().then((result) => {
      setOutcome(result);
      setBusy(false);
    });
  }

  return (
    <div className="phone-telegram">
      <button type="button" className="button button--primary" onClick={share} disabled={busy}>
        {t('telegram.phone.share')}
      </button>
      {alert}
      <p className="inline-form__note">{t('telegram.phone.orSms')}</p>
    </div>
  );
}
