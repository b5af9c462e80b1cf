import type { Delivery, SimTypeId, TariffChoice } from '../../../shared/api-types';
import { checkEmail } from '../../../shared/validation';
import { badRequest } from '../http/api-error';
import { body, booleanField, enumValue, integerField, optionalString, requireField, stringField, valid, type Fields } from '../http/input';
import type { Request } from 'express';

export interface OrderInput {
  tariff: TariffChoice;
  simType: SimTypeId;
  email: string | null;
  delivery: Delivery | null;
}

function object(value: unknown, field: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('invalid_field', field);
  return value as Fields;
}

function only(fields: Fields, allowed: string[], prefix: string): void {
  for (const key of Object.keys(fields)) if (!allowed.includes(key)) throw badRequest('unknown_field', prefix + key);
}

function tariffChoice(value: unknown): TariffChoice {
  const t = object(value, 'tariff');
  const type = enumValue(requireField(t, 'type', 'tariff.'), ['ready', 'constructor'] as const, 'tariff.type');
  if (type === 'ready') {
    only(t, ['type', 'id'], 'tariff.');
    return { type, id: stringField(t, 'id', 60, 'tariff.') };
  }
  only(t, ['type', 'internetGb', 'minutes', 'sms', 'nightInternet', 'dedicated'], 'tariff.');
  return {
    type,
    internetGb: integerField(t, 'internetGb', 0, 100_000, 'tariff.'),
    minutes: integerField(t, 'minutes', 0, 100_000, 'tariff.'),
    sms: integerField(t, 'sms', 0, 100_000, 'tariff.'),
    nightInternet: booleanField(t, 'nightInternet', false, 'tariff.'),
    dedicated: booleanField(t, 'dedicated', false, 'tariff.'),
  };
}

function delivery(value: unknown): Delivery {
  const d = object(value, 'delivery');
  const method = enumValue(requireField(d, 'method', 'delivery.'), ['pickup', 'courier'] as const, 'delivery.method');
  if (method === 'pickup') {
    only(d, ['method', 'pointOfSaleId'], 'delivery.');
    return { method, pointOfSaleId: stringField(d, 'pointOfSaleId', 60, 'delivery.') };
  }
  only(d, ['method', 'address'], 'delivery.');
  const address = stringField(d, 'address', 300, 'delivery.').trim();
  if (address.length < 5) throw badRequest('invalid_field', 'delivery.address');
  return { method, address };
}

/** The order body: an eSIM needs an e-mail for its QR code, a physical SIM a pickup point or address. */
export function parseOrderInput(req: Request): OrderInput {
  const fields = body(req, ['tariff', 'simType', 'email', 'delivery']);
  const tariff = tariffChoice(requireField(fields, 'tariff'));
  const simType = enumValue(requireField(fields, 'simType'), ['esim', 'physical'] as const, 'simType');
  const emailText = optionalString(fields, 'email', 254);
  const email = emailText === undefined ? null : valid(checkEmail(emailText), 'email');
  if (simType === 'esim') {
    if (email === null) throw badRequest('missing_field', 'email');
    if (fields.delivery !== undefined && fields.delivery !== null) throw badRequest('invalid_field', 'delivery');
    return { tariff, simType, email, delivery: null };
  }
  if (fields.delivery === undefined || fields.delivery === null) throw badRequest('missing_field', 'delivery');
  return { tariff, simType, email, delivery: delivery(fields.delivery) };
}
