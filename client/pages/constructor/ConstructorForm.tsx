import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ConstructorOptions } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { tariffChoiceToQuery } from '../../../shared/tariff-choice';
import type { ConstructorSelection } from '../../../shared/tariff-pricing';
import { useLanguage } from '../../components/use-language';
import { ConstructorPrice } from '../../features/tariffs/ConstructorPrice';
import {
  ADD_ON_FIELDS,
  quoteSelection,
  selectionFromQuery,
  selectionToQuery,
  type StepField,
} from '../../features/tariffs/constructor-selection';
import { selectionSummary } from '../../features/tariffs/tariff-rows';
import { useHydrated } from '../../components/use-hydrated';
import { useQueryState } from '../../features/tariffs/use-query-state';
import { useTariffText } from '../../features/tariffs/use-tariff-text';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import { AddOnSwitch } from './AddOnSwitch';
import { StepScale } from './StepScale';

export const CONSTRUCTOR_FORM_ID = 'tariff-constructor';

/**
 * The constructor as a GET form: without JavaScript "Update price" re-renders the page from the
 * query and "Choose a number" goes to /numbers with the configuration; with JavaScript the
 * price follows every change at once and the URL is kept in step (replace, no refetch).
 */
export function ConstructorForm({ options }: { options: ConstructorOptions }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const text = useTariffText();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [selection, setSelection] = useQueryState(
    (query) => selectionFromQuery(query, options),
    (next) => `?${new URLSearchParams(selectionToQuery(next))}`,
  );

  const quote = useMemo(() => quoteSelection(options, selection), [options, selection]);

  function update(change: Partial<ConstructorSelection>) {
    setSelection({ ...selection, ...change });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    pushFormSubmission(CONSTRUCTOR_FORM_ID);
    navigate(href('numbers', lang, {}, tariffChoiceToQuery({ type: 'constructor', ...selection })));
  }

  const steps: Array<{ field: StepField; format: (value: number) => string }> = [
    { field: 'internetGb', format: text.gb },
    { field: 'minutes', format: text.minutes },
    { field: 'sms', format: text.sms },
  ];

  return (
    <form
      className="constructor"
      method="get"
      action={href('constructor', lang)}
      onSubmit={onSubmit}
      aria-label={t('pages.tariffConstructor.title')}
    >
      <div className="constructor__controls">
        {steps.map(({ field, format }) => (
          <StepScale
            key={field}
            name={field}
            legend={t(`tariffConstructor.steps.${field}`)}
            steps={options[field]}
            value={selection[field]}
            format={format}
            onChange={(value) => update({ [field]: value })}
          />
        ))}
        <fieldset className="add-ons">
          <legend className="step-scale__legend">{t('tariffConstructor.addOns')}</legend>
          {ADD_ON_FIELDS.map((field) => (
            <AddOnSwitch
              key={field}
              name={field}
              title={options[field].label}
              detail={t('tariffConstructor.addOnDetail', { gb: text.gb(options[field].gb), price: text.price(options[field].price) })}
              checked={selection[field]}
              onChange={(checked) => update({ [field]: checked })}
            />
          ))}
        </fieldset>
      </div>
      <section className="constructor-summary" aria-labelledby="constructor-summary-title">
        <h2 id="constructor-summary-title" className="constructor-summary__title">
          {t('tariffConstructor.summaryTitle')}
        </h2>
        <p className="constructor-summary__config">{selectionSummary(selection, options, t, text)}</p>
        <ConstructorPrice quote={quote} />
        <div className="constructor-summary__actions">
          {hydrated ? null : (
            <button type="submit" className="button">
              {t('tariffConstructor.recalculate')}
            </button>
          )}
          <button type="submit" className="button button--primary" name="tariff" value="constructor" formAction={href('numbers', lang)}>
            {t('tariffConstructor.chooseNumber')}
          </button>
        </div>
      </section>
    </form>
  );
}
