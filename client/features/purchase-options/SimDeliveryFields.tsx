import { useTranslation } from 'react-i18next';
import { COURIER_ADDRESS, DELIVERY_METHODS, SIM_TYPE_IDS } from '../../../shared/contract/values';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { describedBy, Field } from '../purchase/Field';
import { PointOptions } from '../purchase/PointOptions';
import { updateDraft, type PurchaseDraft } from '../purchase/purchase-draft';
import type { PurchaseCatalogue } from './catalogue';
import { EsimDeviceCheck } from '../esim/EsimDeviceCheck';

/** The SIM type, and what it needs: an e-mail for the eSIM QR code, or pickup / courier for a card. */
/** What the purchase options form found wrong, by field (PurchaseOptionsForm checks, these fields show). */
export type OptionErrors = Partial<Record<'sim' | 'email' | 'delivery' | 'point' | 'address' | 'tariff', string>>;

export function SimDeliveryFields({
  catalogue,
  draft,
  errors,
  onLeave,
}: {
  catalogue: PurchaseCatalogue;
  draft: PurchaseDraft;
  errors: OptionErrors;
  /** The form's check of a field the visitor leaves, with its value. */
  onLeave: (field: keyof OptionErrors, value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const simError = errors.sim ? 'sim-error' : undefined;
  const deliveryError = errors.delivery ? 'delivery-error' : undefined;
  return (
    <>
      <fieldset className="choice-group">
        <legend>{t('purchase.options.simTitle')}</legend>
        <div className="choice-list choice-list--two">
          {SIM_TYPE_IDS.map((id) => {
            const sim = catalogue.simTypes?.find((item) => item.id === id);
            return (
              <label key={id} className="choice">
                <input
                  type="radio"
                  name="simType"
                  id={`sim-${id}`}
                  value={id}
                  checked={draft.simType === id}
                  onChange={() => updateDraft({ simType: id })}
                  aria-labelledby={`sim-${id}-title`}
                  aria-describedby={describedBy(`sim-${id}-text`, simError)}
                  {...(simError ? { 'aria-invalid': true } : {})}
                />
                <span className="choice__body">
                  <span className="choice__title" id={`sim-${id}-title`}>
                    <span>{sim?.name ?? t(`purchase.options.${id}`)}</span>
                    {sim ? <span className="choice__price">{sim.price === 0 ? t('numbers.free') : formatUzs(sim.price, lang)}</span> : null}
                  </span>
                  <span className="choice__text" id={`sim-${id}-text`}>
                    {sim?.description ?? ''}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        <p className="field-error" id="sim-error" aria-live="polite">
          {errors.sim ?? ''}
        </p>
      </fieldset>

      {draft.simType === 'esim' ? (
        <Field
          id="sim-email"
          label={t('purchase.options.email')}
          hint={t('purchase.options.emailHint')}
          error={errors.email}
          onLeave={() => onLeave('email', draft.email)}
        >
          {(control) => (
            <input
              {...control}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={draft.email ?? ''}
              onChange={(e) => updateDraft({ email: e.target.value })}
            />
          )}
        </Field>
      ) : null}
      {draft.simType === 'esim' ? <EsimDeviceCheck /> : null}

      {draft.simType === 'physical' ? (
        <fieldset className="choice-group">
          <legend>{t('purchase.options.deliveryTitle')}</legend>
          <div className="choice-list choice-list--two">
            {DELIVERY_METHODS.map((method) => (
              <label key={method} className="choice">
                <input
                  type="radio"
                  name="deliveryMethod"
                  id={`delivery-${method}`}
                  value={method}
                  checked={draft.deliveryMethod === method}
                  onChange={() => updateDraft({ deliveryMethod: method })}
                  aria-describedby={deliveryError}
                  {...(deliveryError ? { 'aria-invalid': true } : {})}
                />
                <span className="choice__body">
                  <span className="choice__title">{t(`purchase.options.${method}`)}</span>
                </span>
              </label>
            ))}
          </div>
          <p className="field-error" id="delivery-error" aria-live="polite">
            {errors.delivery ?? ''}
          </p>
          {draft.deliveryMethod === 'pickup' ? (
            <Field
              id="pickup-point"
              label={t('purchase.options.point')}
              error={errors.point}
              onLeave={() => onLeave('point', draft.pointOfSaleId)}
            >
              {(control) => (
                <select {...control} value={draft.pointOfSaleId ?? ''} onChange={(e) => updateDraft({ pointOfSaleId: e.target.value })}>
                  <option value="">{t('purchase.options.choosePoint')}</option>
                  <PointOptions points={catalogue.pickupPoints ?? []} />
                </select>
              )}
            </Field>
          ) : null}
          {draft.deliveryMethod === 'courier' ? (
            <Field
              id="courier-address"
              label={t('purchase.options.address')}
              hint={t('purchase.options.addressHint')}
              error={errors.address}
              onLeave={() => onLeave('address', draft.address)}
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={2}
                  autoComplete="street-address"
                  maxLength={COURIER_ADDRESS.max}
                  value={draft.address ?? ''}
                  onChange={(e) => updateDraft({ address: e.target.value })}
                />
              )}
            </Field>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}
