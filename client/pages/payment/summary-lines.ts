import type { Order, ReadyTariff, Reservation, SimType, SimTypeId } from '../../../shared/api-types';
import { CONSTRUCTOR_PRICE_LIST } from '../../../shared/tariff-pricing';
import type { PurchaseDraft } from '../../features/purchase/purchase-draft';
import { chosenFields } from '../../features/purchase/chosen-fields';
import { orderOf } from '../../features/purchase/purchase-form';
import { summarizeTariff } from '../../features/purchase/tariff-summary';
import type { SummaryLines } from './OrderSummary';

export interface Catalogue {
  tariffs: ReadyTariff[] | null;
  simTypes: SimType[] | null;
}

function simOf(id: SimTypeId, catalogue: Catalogue): { name: string; price: number } | null {
  const sim = catalogue.simTypes?.find((item) => item.id === id);
  return sim ? { name: sim.name, price: sim.price } : null;
}

/**
 * The summary before the order exists: the held number's price, the tariff and SIM chosen on
 * /numbers (query first, then the tab's draft): the order the purchase form asks for
 * (features/purchase/purchase-form.ts). Null when something needed was not chosen yet.
 */
export function linesBeforeOrder(
  reservation: Reservation,
  draft: PurchaseDraft,
  search: URLSearchParams,
  catalogue: Catalogue,
): SummaryLines | null {
  const order = orderOf(chosenFields(search, draft));
  const tariff = order && summarizeTariff(order.tariff, catalogue.tariffs);
  const sim = order && simOf(order.simType, catalogue);
  if (!order || !tariff || !sim) return null;
  return {
    number: reservation.number,
    numberPrice: reservation.price,
    tariff,
    simType: order.simType,
    simName: sim.name,
    simPrice: sim.price,
    email: order.email ?? null,
    delivery: order.delivery ?? null,
    total: reservation.price + sim.price + tariff.firstMonthsPrice,
  };
}

/** The summary of a placed order: everything from the server, which computed the total. */
export function linesOfOrder(order: Order, catalogue: Catalogue): SummaryLines {
  const { tariff } = order;
  const discountPercent = tariff.monthlyPrice > 0 ? Math.round((1 - tariff.firstMonthsPrice / tariff.monthlyPrice) * 100) : 0;
  const ready = tariff.type === 'ready' ? catalogue.tariffs?.find((item) => item.id === tariff.id) : undefined;
  return {
    number: order.number,
    numberPrice: order.numberPrice,
    tariff: {
      choice:
        tariff.type === 'ready' || !tariff.selection
          ? { type: 'ready', id: tariff.id ?? '' }
          : { type: 'constructor', ...tariff.selection },
      name: tariff.type === 'ready' || !tariff.selection ? tariff.name : null,
      monthlyPrice: tariff.monthlyPrice,
      firstMonthsPrice: tariff.firstMonthsPrice,
      discountPercent: ready?.discountPercent ?? discountPercent,
      firstMonthsCount: ready?.firstMonthsCount ?? CONSTRUCTOR_PRICE_LIST.firstMonthsCount,
    },
    simType: order.simType,
    simName: simOf(order.simType, catalogue)?.name ?? order.simType,
    simPrice: order.simPrice,
    email: order.email,
    delivery: order.delivery,
    total: order.total,
  };
}
