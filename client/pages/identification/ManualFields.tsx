import { useTranslation } from 'react-i18next';
import type { PointOfSale } from '../../../shared/api-types';
import { StreamedPart } from '../../components/StreamedPart';
import type { Optional } from '../../framework/deferred';
import { Field } from '../../features/purchase/Field';
import { PointOptions } from '../../features/purchase/PointOptions';
import { updateDraft, type PurchaseDraft } from '../../features/purchase/purchase-draft';

/** A visit to a point of sale that offers identification, on a day of the visitor's choice. */
/** `onLeave` checks a field the visitor leaves (useFieldErrors' leave), as the remote fields are checked. */
export function ManualFields({
  points,
  draft,
  errors,
  onLeave,
}: {
  points: Optional<PointOfSale[]>;
  draft: PurchaseDraft;
  errors: FieldErrors;
  onLeave?: (field: keyof FieldErrors, value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <StreamedPart value={points} failure={t('identification.pointsFailed')}>
      {(list) => <PointAndDate points={list} draft={draft} errors={errors} onLeave={onLeave} />}
    </StreamedPart>
  );
}

type FieldErrors = Partial<Record<'point' | 'date', string>>;

function PointAndDate({
  points,
  draft,
  errors,
  onLeave,
}: {
  points: PointOfSale[];
  draft: PurchaseDraft;
  errors: FieldErrors;
  onLeave?: (field: keyof FieldErrors, value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const chosen = points.find((point) => point.id === draft.identificationPointId) ?? null;
  return (
    <div className="identification-form__fields">
      <Field
        id="identity-point"
        label={t('identification.point')}
        hint={t('identification.pointHint')}
        error={errors.point}
        onLeave={() => onLeave?.('point', draft.identificationPointId)}
      >
        {(control) => (
          <select
            {...control}
            value={draft.identificationPointId ?? ''}
            onChange={(e) => updateDraft({ identificationPointId: e.target.value })}
          >
            <option value="">{t('identification.choosePoint')}</option>
            <PointOptions points={points} />
          </select>
        )}
      </Field>
      {chosen ? (
        <p className="point-hours">
          {t('identification.hours', {
            weekdays: chosen.hours.monFri,
            saturday: chosen.hours.sat ?? t('identification.closed'),
            sunday: chosen.hours.sun ?? t('identification.closed'),
          })}
        </p>
      ) : null}
      <Field
        id="identity-date"
        label={t('identification.date')}
        hint={t('identification.dateHint')}
        error={errors.date}
        onLeave={() => onLeave?.('date', draft.appointmentDate)}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            value={draft.appointmentDate ?? ''}
            onChange={(e) => updateDraft({ appointmentDate: e.target.value })}
          />
        )}
      </Field>
    </div>
  );
}
