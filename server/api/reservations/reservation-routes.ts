import type { Router } from 'express';
import { checkUzPhone } from '../../../shared/validation';
import type { ApiContext } from '../context';
import { badRequest } from '../http/api-error';
import { body, stringField, valid } from '../http/input';
import { clientKey } from '../http/limits';
import { optionalToken, requireToken } from '../http/request-tokens';
import type { ReservationService } from './reservation-service';

const numberRequired = () => badRequest('number_required', 'X-Reservation-Token');

export function registerReservations(router: Router, ctx: ApiContext, reservations: ReservationService): void {
  router.post('/reservations', async (req, res) => {
    const fields = body(req, ['number']);
    const msisdn = valid(checkUzPhone(stringField(fields, 'number', 40)), 'number');
    const client = clientKey(req.ip);
    await ctx.limits.reservation(client);
    const result = await reservations.reserve(msisdn, await optionalToken(ctx, req, 'reservation'), client);
    res.status(201).json(result);
  });

  router.get('/reservations/current', async (req, res) => {
    const claims = await requireToken(ctx, req, 'reservation', numberRequired());
    res.json(reservations.view(reservations.current(claims)));
  });

  router.delete('/reservations/current', async (req, res) => {
    const claims = await requireToken(ctx, req, 'reservation', numberRequired());
    reservations.cancel(claims);
    res.status(204).end();
  });
}
