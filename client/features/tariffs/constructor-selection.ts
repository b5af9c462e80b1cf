import type { ConstructorOptions } from '../../../shared/api-types';
import { tariffChoiceToQuery } from '../../../shared/tariff-choice';
import {
  quoteTariff,
  type ConstructorPriceList,
  type ConstructorSelection,
  type PricedStep,
  type TariffQuote,
} from '../../../shared/tariff-pricing';

/**
 * The constructor's configuration as it lives in the URL query (the keys of shared/tariff-choice.ts
 * without `tariff`), and its price computed with the API's own function from the steps the
 * loader fetched, so the page shows at once what the API will charge.
 */
export const STEP_FIELDS = ['internetGb', 'minutes', 'sms'] as const;
export type StepField = (typeof STEP_FIELDS)[number];
export const ADD_ON_FIELDS = ['nightInternet', 'dedicated'] as const;
export type AddOnField = (typeof ADD_ON_FIELDS)[number];

const TRUE_FLAGS = ['1', 'true', 'on'];

/** The allowed step nearest to a typed value (ties go to the smaller one); null when none parses. */
export function nearestStep(steps: PricedStep[], raw: string | null): number | null {
  if (raw === null || !/^\d{1,7}$/.test(raw) || steps.length === 0) return null;
  const value = Number(raw);
  let best = steps[0].value;
  for (const step of steps) {
    if (Math.abs(step.value - value) < Math.abs(best - value)) best = step.value;
  }
  return best;
}

/**
 * The selection a query describes. A query that names no step is a first visit: the API's
 * defaults. Once a step is named (a link, a reload, the GET form), an absent add-on is off,
 * because a form leaves unticked boxes out. Values off the steps are snapped to the nearest one,
 * malformed ones fall back to the default: a hand-edited link never breaks the page.
 */
export function selectionFromQuery(query: URLSearchParams, options: ConstructorOptions): ConstructorSelection {
  const configured = STEP_FIELDS.some((field) => query.has(field));
  const step = (field: StepField) => nearestStep(options[field], query.get(field)) ?? options.defaults[field];
  const flag = (field: AddOnField) => (configured ? TRUE_FLAGS.includes(query.get(field) ?? '') : options.defaults[field]);
  return {
    internetGb: step('internetGb'),
    minutes: step('minutes'),
    sms: step('sms'),
    nightInternet: flag('nightInternet'),
    dedicated: flag('dedicated'),
  };
}

/** The query of a selection: exactly what /numbers receives, less the `tariff=constructor` marker. */
export function selectionToQuery(selection: ConstructorSelection): Record<string, string> {
  const { tariff: _marker, ...query } = tariffChoiceToQuery({ type: 'constructor', ...selection });
  return query;
}

export function priceListOf(options: ConstructorOptions): ConstructorPriceList {
  return {
    basePrice: options.basePrice,
    internetGb: options.internetGb,
    minutes: options.minutes,
    sms: options.sms,
    nightInternet: { gb: options.nightInternet.gb, price: options.nightInternet.price },
    dedicated: { gb: options.dedicated.gb, price: options.dedicated.price },
    firstMonthsDiscountPercent: options.discountPercent,
    firstMonthsCount: options.firstMonthsCount,
  };
}

/** The quote of a selection made of the options' own steps (so it always prices). */
export function quoteSelection(options: ConstructorOptions, selection: ConstructorSelection): TariffQuote {
  const result = quoteTariff(selection, priceListOf(options));
  if (!result.ok) throw new Error(`quoteSelection: ${result.field} is not one of the offered steps`);
  return result.quote;
}

/** Every combination the options offer (steps x steps x steps x add-ons on/off). */
export function allSelections(options: ConstructorOptions): ConstructorSelection[] {
  const out: ConstructorSelection[] = [];
  for (const internetGb of options.internetGb) {
    for (const minutes of options.minutes) {
      for (const sms of options.sms) {
        for (const nightInternet of [false, true]) {
          for (const dedicated of [false, true]) {
            out.push({ internetGb: internetGb.value, minutes: minutes.value, sms: sms.value, nightInternet, dedicated });
          }
        }
      }
    }
  }
  return out;
}
