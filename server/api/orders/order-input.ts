import type { z } from 'zod';
import type { Delivery, SimTypeId, TariffChoice } from '../../../shared/api-types';
import type { CreateOrderBody } from '../../../shared/contract';

export interface OrderInput {
  tariff: TariffChoice;
  simType: SimTypeId;
  email: string | null;
  delivery: Delivery | null;
}

/** The order body as its schema checked it (an eSIM needs an e-mail, a physical SIM a pickup point or address), absent fields null. */
export function orderInputOf(order: z.output<typeof CreateOrderBody>): OrderInput {
  return { tariff: order.tariff, simType: order.simType, email: order.email ?? null, delivery: order.delivery ?? null };
}
