import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { COURIER_ADDRESS } from '../../../shared/contract/values';
import { href } from '../../../shared/paths';
import { TARIFF_QUERY_KEYS, tariffChoiceFromQuery, tariffChoiceToQuery } from '../../../shared/tariff-choice';
import { checkEmail, validationMessageKey } from '../../../shared/validation';
import { useLanguage } from '../../components/use-language';
import { FormMessage } from '../purchase/Field';
import { updateDraft, usePurchaseDraft } from '../purchase/purchase-draft';
import { chosenTariff, simFromQuery } from '../purchase/chosen-fields';
import { summarizeTariff } from '../purchase/tariff-summary';
import { focusField } from '../purchase/focus-field';
import { useFieldErrors } from '../purchase/use-field-errors';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import type { PurchaseCatalogue } from './catalogue';
import { SimDeliveryFields, type OptionErrors } from './SimDeliveryFields';
import { TariffChoiceFields } from './TariffChoiceFields';
import './purchase-options.css';

const FORM_ID = 'purchase-options';
const FIELD_IDS: Record<keyof OptionErrors, string> = {
  sim: 'sim-esim',
  email: 'sim-email',
  delivery: 'delivery-pickup',
  point: 'pickup-point',
  address: 'courier-address',
  tariff: 'tariff-options',
};

/** SIM type (eSIM with an e-mail, or a SIM card picked up or delivered) and the tariff. */
export function PurchaseOptionsForm({ catalogue }: { catalogue: PurchaseCatalogue }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const query = new URLSearchParams(search);
  const stored = usePurchaseDraft();
  // A SIM type carried back in the URL (from a later step) counts as chosen until the visitor changes it.
  const draft = stored.simType ? stored : { ...stored, simType: simFromQuery(query) ?? undefined };
  const formRef = useRef<HTMLFormElement>(null);
  const tariff = chosenTariff(query, draft);
  const fromLink = tariffChoiceFromQuery(query) !== null;

  function validate(): OptionErrors {
    const found: OptionErrors = {};
    if (!draft.simType) found.sim = t('purchase.options.errors.sim');
    if (draft.simType === 'esim') {
      const email = checkEmail(draft.email ?? '');
      if (!email.ok) found.email = t(validationMessageKey(email.error));
    }
    if (draft.simType === 'physical') {
      if (!draft.deliveryMethod) found.delivery = t('purchase.options.errors.delivery');
      if (draft.deliveryMethod === 'pickup' && !draft.pointOfSaleId) found.point = t('purchase.options.errors.point');
      if (draft.deliveryMethod === 'courier' && (draft.address ?? '').trim().length < COURIER_ADDRESS.min)
        found.address = t('purchase.options.errors.address');
    }
    if (!summarizeTariff(tariff, catalogue.tariffs)) found.tariff = t('purchase.options.errors.tariff');
    return found;
  }
  // Checked on every render: an error shown goes as soon as the visitor fixes the field.
  const { errors, showAll, leave } = useFieldErrors(validate());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    pushFormSubmission(FORM_ID);
    const found = showAll();
    const first = (Object.keys(FIELD_IDS) as Array<keyof OptionErrors>).find((key) => found[key]);
    if (first) {
      focusField(formRef.current?.querySelector<HTMLElement>(`#${FIELD_IDS[first]}`));
      return;
    }
    if (!tariff || !draft.simType) return;
    updateDraft({ tariff, simType: draft.simType });
    navigate(href('identification', lang, {}, { ...tariffChoiceToQuery(tariff), sim: draft.simType }));
  }

  function changeTariff() {
    const next = new URLSearchParams(search);
    for (const key of TARIFF_QUERY_KEYS) next.delete(key);
    updateDraft({ tariff: undefined });
    const qs = next.toString();
    navigate(`${pathname}${qs ? `?${qs}` : ''}`, { replace: true, preventScrollReset: true });
  }

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form id={FORM_ID} ref={formRef} className="purchase-options" noValidate onSubmit={submit}>
      <SimDeliveryFields catalogue={catalogue} draft={draft} errors={errors} onLeave={leave} />
      <fieldset className="choice-group" aria-describedby={errors.tariff ? 'tariff-options-error' : undefined}>
        <legend>{t('purchase.options.tariffTitle')}</legend>
        {fromLink && tariff ? (
          <TariffChoiceFields.Carried summary={summarizeTariff(tariff, catalogue.tariffs)} onChange={changeTariff} />
        ) : (
          <TariffChoiceFields tariffs={catalogue.tariffs} draft={draft} />
        )}
        <p className="field-error" id="tariff-options-error" aria-live="polite">
          {errors.tariff ?? ''}
        </p>
      </fieldset>
      <FormMessage id="purchase-options-message" message={hasErrors ? t('purchase.options.errors.summary') : null} />
      <button type="submit" className="button button--primary button--wide" data-main-action>
        {t('purchase.options.continue')}
      </button>
    </form>
  );
}
