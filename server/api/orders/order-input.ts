import type { Delivery, SimTypeId, TariffChoice } from '../../../shared/api-types';
import { CreateOrderBody } from '../../../shared/contract';
import { body } from '../http/input';
import type { Request } from 'express';

export interface OrderInput {
  tariff: TariffChoice;
  simType: SimTypeId;
  email: string | null;
  delivery: Delivery | null;
}

/** The order body, checked by its schema: an eSIM needs an e-mail, a physical SIM a pickup point or address. */
export function parseOrderInput(req: Request): OrderInput {
  const order = body(req, CreateOrderBody);
  return { tariff: order.tariff, simType: order.simType, email: order.email ?? null, delivery: order.delivery ?? null };
}
