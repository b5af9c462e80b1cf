import type { SimTypeId, TariffChoice } from '../../../shared/api-types';
import { SIM_TYPE_IDS } from '../../../shared/contract/values';
import { tariffChoiceFromQuery } from '../../../shared/tariff-choice';
import type { PurchaseFields } from './purchase-form';

/**
 * The purchase form as chosen so far: what the URL carries from step to step (the tariff and the
 * SIM type: `carriedQuery` of purchase-draft.ts) over the draft. Apart from purchase-form.ts, so
 * /numbers' options form reads the URL without the whole form's table in its first load.
 */

/** The tariff chosen: from the URL (a link from /specificTariffs or /constructor), else from the draft. */
export function chosenTariff(search: URLSearchParams, fields: PurchaseFields): TariffChoice | null {
  return tariffChoiceFromQuery(search) ?? fields.tariff ?? null;
}

/** The SIM type the URL carries (`sim`), if it is one. */
export function simFromQuery(search: URLSearchParams): SimTypeId | null {
  const sim = search.get('sim');
  return SIM_TYPE_IDS.find((id) => id === sim) ?? null;
}

/** The draft, with the tariff and the SIM type the URL carries. */
export function chosenFields(search: URLSearchParams, draft: PurchaseFields): PurchaseFields {
  return { ...draft, tariff: chosenTariff(search, draft) ?? undefined, simType: draft.simType ?? simFromQuery(search) ?? undefined };
}
