import { z } from 'zod';
import { checkEmail } from '../validation';
import { DateTime, Int, Msisdn, orNull, text } from './common';
import { checked } from './checked';
import { ConstructorSelection, SimTypeId } from './tariffs';
import { COURIER_ADDRESS, DELIVERY_METHODS, EMAIL_MAX_LENGTH } from './values';

const step = z.int().min(0).max(100_000);

export const TariffChoice = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('ready'), id: text(60) }),
    z.strictObject({
      type: z.literal('constructor'),
      internetGb: step,
      minutes: step,
      sms: step,
      nightInternet: z.boolean().default(false),
      dedicated: z.boolean().default(false),
    }),
  ])
  .meta({ id: 'TariffChoice' });

const [pickup, courier] = DELIVERY_METHODS;
export const Delivery = z
  .discriminatedUnion('method', [
    z.strictObject({ method: z.literal(pickup), pointOfSaleId: text(60) }),
    z.strictObject({ method: z.literal(courier), address: z.string().max(COURIER_ADDRESS.max).trim().min(COURIER_ADDRESS.min) }),
  ])
  .meta({ id: 'Delivery' });

/** A rule across fields, reported with the code the API has always used for it. */
function fieldIssue(ctx: z.core.$RefinementCtx, field: string, code: 'missing_field' | 'invalid_field') {
  ctx.addIssue({ code: 'custom', path: [field], message: code, params: { code } });
}

/**
 * POST /orders. Needs the reservation token (X-Reservation-Token header or Bearer) and the
 * auth token (Bearer or X-Auth-Token) of a phone with an identification. An eSIM needs an
 * e-mail for its QR code and no delivery; a physical SIM a pickup point or an address.
 */
export const CreateOrderBody = z
  .strictObject({
    tariff: TariffChoice,
    simType: SimTypeId,
    /** Required for eSIM: the QR code is sent there. */
    email: checked(text(EMAIL_MAX_LENGTH), checkEmail).nullish(),
    /** Required for a physical SIM. */
    delivery: orNull(Delivery).optional(),
  })
  .superRefine((order, ctx) => {
    if (order.simType === 'esim') {
      if (order.email == null) fieldIssue(ctx, 'email', 'missing_field');
      else if (order.delivery != null) fieldIssue(ctx, 'delivery', 'invalid_field');
    } else if (order.delivery == null) fieldIssue(ctx, 'delivery', 'missing_field');
  })
  .meta({ id: 'CreateOrderRequest' });

export const OrderStatus = z.enum(['created', 'paid', 'activated', 'expired']);
export const OrderTariff = z.strictObject({
  type: z.enum(['ready', 'constructor']),
  id: z.string().nullable(),
  name: z.string(),
  monthlyPrice: Int,
  firstMonthsPrice: Int,
  selection: orNull(ConstructorSelection),
});

/**
 * What installs an activated eSIM (GSMA SGP.22). A credential: the order's own answer carries it,
 * nothing else does.
 */
export const EsimProfile = z
  .strictObject({
    /** The SM-DP+ server the phone downloads the profile from. */
    smdpAddress: z.string(),
    /** The profile's one-time matching ID (the activation code's token). */
    matchingId: z.string().regex(/^[A-Z0-9]{20,}$/),
    /** Typed on the phone while installing, when the operator requires one; null otherwise. */
    confirmationCode: z
      .string()
      .regex(/^\d{8}$/)
      .nullable(),
    /** `LPA:1$<SM-DP+ address>$<matching ID>`, with `$<OID>$1` after it when a confirmation code is required. */
    activationCode: z.string().regex(/^LPA:1\$[^$]+\$[A-Z0-9]{20,}(\$[^$]*\$1)?$/),
  })
  .meta({ id: 'EsimProfile' });

export const Order = z
  .strictObject({
    id: z.string(),
    status: OrderStatus,
    number: Msisdn,
    formatted: z.string(),
    numberPrice: Int,
    tariff: OrderTariff,
    simType: SimTypeId,
    simPrice: Int,
    email: z.string().nullable(),
    delivery: orNull(Delivery),
    /** Due now: the number, the SIM and the first (discounted) month. */
    total: Int,
    createdAt: DateTime,
    /** The number stays held for this order until then. */
    paymentDeadline: DateTime,
    paidAt: DateTime.nullable(),
    activatedAt: DateTime.nullable(),
    /** The eSIM's profile, once an eSIM order is activated; null before, and for a physical SIM. */
    esim: orNull(EsimProfile),
  })
  .meta({ id: 'Order' });

export const CreateOrderResponse = z
  .strictObject({
    order: Order,
    /** Store as `access_token`: grants this order (payment, status) and nothing else. */
    accessToken: z.string(),
  })
  .meta({ id: 'CreateOrderResponse' });

/** GET /orders/{id}/status: the answer to "I've already paid". */
export const OrderStatusResponse = z
  .strictObject({
    orderId: z.string(),
    status: OrderStatus,
    result: z.enum(['activated', 'not_paid', 'expired']),
    /**
     * The order's latest payment: none started, pending (no answer from the provider yet),
     * declined (nothing was charged), approved, or refunded.
     */
    payment: z.enum(['none', 'pending', 'declined', 'approved', 'refunded']),
    number: Msisdn,
    formatted: z.string(),
    /** The spec's text for the result in the request's language. */
    message: z.string(),
    activatedAt: DateTime.nullable(),
  })
  .meta({ id: 'OrderStatusResponse' });
