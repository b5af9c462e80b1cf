import type { TFunction } from 'i18next';
import type { ReadyTariff, TariffChoice } from '../../../shared/api-types';
import { quoteTariff } from '../../../shared/tariff-pricing';

/** What the purchase shows of a tariff choice: a name and the prices of the first months and after. */
export interface TariffSummary {
  choice: TariffChoice;
  /** Ready tariffs have a name; the constructor's is described by its selection. */
  name: string | null;
  monthlyPrice: number;
  firstMonthsPrice: number;
  discountPercent: number;
  firstMonthsCount: number;
}

/**
 * The summary of a choice: a ready tariff from the list, a constructor selection priced with
 * the API's own function. Null when it cannot be priced (an unknown id, a value that is no step).
 */
export function summarizeTariff(choice: TariffChoice | null, tariffs: ReadyTariff[] | null): TariffSummary | null {
  if (!choice) return null;
  if (choice.type === 'ready') {
    const tariff = tariffs?.find((item) => item.id === choice.id);
    if (!tariff) return null;
    return {
      choice,
      name: tariff.name,
      monthlyPrice: tariff.monthlyPrice,
      firstMonthsPrice: tariff.firstMonthsPrice,
      discountPercent: tariff.discountPercent,
      firstMonthsCount: tariff.firstMonthsCount,
    };
  }
  const { type: _type, ...selection } = choice;
  const quote = quoteTariff(selection);
  if (!quote.ok) return null;
  return { choice, name: null, ...quote.quote };
}

/**
 * What a tariff is called on the page: a ready one by its name (its id while the catalogue is not
 * read), the constructor's by what was chosen ("My tariff: 20 GB, 500 min, 100 SMS").
 */
export function tariffName(choice: TariffChoice, name: string | null, t: TFunction): string {
  if (choice.type === 'ready') return name ?? choice.id;
  return t('purchase.tariff.constructorName', { internet: choice.internetGb, minutes: choice.minutes, sms: choice.sms });
}
