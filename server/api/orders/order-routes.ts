import type { Router } from 'express';
import type { OrderStatusResponse } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { badRequest, forbidden } from '../http/api-error';
import { NoQuery } from '../../../shared/contract';
import { query } from '../http/input';
import { requestLanguage, translate } from '../http/language';
import { requireToken } from '../http/request-tokens';
import type { IdentificationService } from '../identification/identification-service';
import { authorizedOrder } from './order-access';
import { parseOrderInput } from './order-input';
import type { OrderService } from './order-service';
import { CREDENTIAL_HEADERS } from '../../../shared/contract/credentials';

export function registerOrders(router: Router, ctx: ApiContext, orders: OrderService, identifications: IdentificationService): void {
  router.post('/orders', async (req, res) => {
    // The order needs a held number first, then a registered phone: the site says which is missing.
    const reservation = await requireToken(ctx, req, 'reservation', badRequest('number_required', CREDENTIAL_HEADERS.reservation));
    const phone = (await requireToken(ctx, req, 'auth', forbidden('registration_required'))).sub;
    if (!identifications.isRegistered(phone)) throw forbidden('registration_required');
    const input = parseOrderInput(req);
    res.status(201).json(await orders.create(reservation, { phone, person: identifications.personOf(phone) }, input, requestLanguage(req)));
  });

  router.get('/orders/:id', async (req, res) => {
    query(req, NoQuery);
    const row = await authorizedOrder(ctx, req, orders, req.params.id);
    res.json(orders.view(row, requestLanguage(req)));
  });

  /** "I've already paid": the server's word on whether the number is active. */
  router.get('/orders/:id/status', async (req, res) => {
    query(req, NoQuery);
    const lang = requestLanguage(req);
    const row = await authorizedOrder(ctx, req, orders, req.params.id);
    const order = orders.view(row, lang);
    const result = row.status === 'activated' || row.status === 'paid' ? 'activated' : row.status === 'expired' ? 'expired' : 'not_paid';
    const messageKey = { activated: 'order.activated', not_paid: 'order.notActivated', expired: 'order.expired' }[result];
    const payload: OrderStatusResponse = {
      orderId: row.id,
      status: row.status,
      result,
      number: order.number,
      formatted: order.formatted,
      message: translate(lang, messageKey),
      activatedAt: order.activatedAt,
    };
    res.json(payload);
  });
}
