import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { PointOfSale } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import type { Optional } from '../../framework/deferred';
import { formatDate } from '../../format';
import { describedBy, Field, FormMessage } from '../../features/purchase/Field';
import { updateDraft, usePurchaseDraft, type PurchaseDraft } from '../../features/purchase/purchase-draft';
import type { IdentificationRequest } from '../../api/identification';
import { focusField } from '../../features/purchase/focus-field';
import { useFieldErrors } from '../../features/purchase/use-field-errors';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import { checkManualForm, checkRemoteForm, isValid, type FormCheck } from './identity-form';
import { ManualFields } from './ManualFields';
import { useIdentification } from './use-identification';

const FORM_ID = 'identification';
type Errors = Partial<Record<'document' | 'birthDate' | 'point' | 'date' | 'contract', string>>;

/** Remote (document and date of birth) or manual (a visit to a point of sale), and the contract. */
export function IdentificationForm({ points }: { points: Optional<PointOfSale[]> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const draft = usePurchaseDraft();
  const formRef = useRef<HTMLFormElement>(null);
  // The form's message of the last submit ("Fill out the form in full ..."), null when it passed.
  const [formKey, setFormKey] = useState<string | null>(null);
  const method = draft.identityMethod ?? 'remote';
  const request = requestOf(method, draft);
  const { busy, apiErrors, formError, result, send, carried } = useIdentification(request.body);
  const contractAccepted = draft.contractAccepted === true;

  // Checked on every render: an error shown goes as soon as the visitor fixes the field.
  const check: FormCheck<keyof Errors> =
    method === 'remote'
      ? checkRemoteForm({ document: draft.document ?? '', birthDate: draft.birthDate ?? '', contractAccepted })
      : checkManualForm({ pointOfSaleId: draft.identificationPointId ?? '', contractAccepted });
  const found: Errors = {};
  for (const [field, key] of Object.entries(check.fields)) found[field as keyof Errors] = t(key as string);
  const { errors: shown, showAll, leave } = useFieldErrors(found);
  const errors: Errors = { ...shown, ...apiErrors };
  const message = formKey ? t(formKey) : formError;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    pushFormSubmission(FORM_ID);
    showAll();
    setFormKey(check.form);
    if (!isValid(check)) {
      const first = ['document', 'birthDate', 'point', 'contract'].find((field) => found[field as keyof Errors]);
      const id = {
        document: 'identity-document',
        birthDate: 'identity-birth-date',
        point: 'identity-point',
        contract: 'identity-contract',
      }[first ?? 'contract'];
      focusField(formRef.current?.querySelector<HTMLElement>(`#${id}`));
      return;
    }
    void send(request);
  }

  if (result?.status === 'appointment' && result.appointment) {
    const { pointOfSale, date, code } = result.appointment;
    return (
      <div className="notice notice--success" role="status">
        <p>
          {t('identification.appointment', { point: `${pointOfSale.name}, ${pointOfSale.address}`, date: formatDate(date, lang), code })}
        </p>
        <Link className="button button--primary" to={href('payment', lang, {}, carried)} data-main-action>
          {t('identification.toPayment')}
        </Link>
      </div>
    );
  }

  return (
    <form id={FORM_ID} ref={formRef} className="identification-form" noValidate onSubmit={submit}>
      <fieldset>
        <legend>{t('identification.method')}</legend>
        <div className="choice-list choice-list--two">
          {(['remote', 'manual'] as const).map((id) => (
            <label key={id} className="choice">
              <input
                type="radio"
                name="identityMethod"
                value={id}
                checked={method === id}
                onChange={() => updateDraft({ identityMethod: id })}
                aria-labelledby={`method-${id}-title`}
                aria-describedby={`method-${id}-text`}
              />
              <span className="choice__body">
                <span className="choice__title" id={`method-${id}-title`}>
                  {t(`identification.methods.${id}`)}
                </span>
                <span className="choice__text" id={`method-${id}-text`}>
                  {t(`identification.methods.${id}Hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {method === 'remote' ? (
        <div className="identification-form__fields">
          <Field
            id="identity-document"
            label={t('identification.document')}
            hint={t('identification.documentHint')}
            error={errors.document}
            onLeave={() => leave('document', draft.document)}
          >
            {(control) => (
              <input
                {...control}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                value={draft.document ?? ''}
                onChange={(e) => updateDraft({ document: e.target.value })}
              />
            )}
          </Field>
          <Field
            id="identity-birth-date"
            label={t('identification.birthDate')}
            hint={t('identification.birthDateHint')}
            error={errors.birthDate}
            onLeave={() => leave('birthDate', draft.birthDate)}
          >
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                autoComplete="bday"
                placeholder={t('identification.birthDatePlaceholder')}
                maxLength={10}
                value={draft.birthDate ?? ''}
                onChange={(e) => updateDraft({ birthDate: e.target.value })}
              />
            )}
          </Field>
        </div>
      ) : (
        <ManualFields points={points} draft={draft} errors={errors} onLeave={leave} />
      )}

      <div className="checkbox-field">
        <label className="checkbox">
          <input
            type="checkbox"
            id="identity-contract"
            checked={contractAccepted}
            onChange={(e) => updateDraft({ contractAccepted: e.target.checked })}
            aria-describedby={describedBy('identity-contract-text', errors.contract && 'identification-message')}
            {...(errors.contract ? { 'aria-invalid': true } : {})}
          />
          <span>{t('identification.contract')}</span>
        </label>
        <p className="field__hint" id="identity-contract-text">
          {t('identification.contractHint')}
        </p>
      </div>

      <FormMessage id="identification-message" message={message} />
      {result?.status === 'pending' ? (
        <p className="notice" role="status">
          {t('identification.pending', { seconds: result.retryAfterSeconds ?? 10 })}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary button--wide"
        disabled={busy || result?.status === 'pending'}
        data-main-action
      >
        {busy ? t('identification.sending') : t('identification.submit')}
      </button>
    </form>
  );
}

/** What the form sends for the method chosen: the document normalised, or the point and its day. */
function requestOf(method: 'remote' | 'manual', draft: PurchaseDraft): IdentificationRequest {
  return method === 'remote'
    ? {
        kind: 'remote',
        body: { document: (draft.document ?? '').replace(/\s+/g, '').toUpperCase(), birthDate: (draft.birthDate ?? '').trim() },
      }
    : {
        kind: 'manual',
        body: { pointOfSaleId: draft.identificationPointId ?? '', ...(draft.appointmentDate ? { date: draft.appointmentDate } : {}) },
      };
}
