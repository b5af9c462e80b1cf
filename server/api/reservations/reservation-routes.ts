import type { Router } from 'express';
import type { ApiContext } from '../context';
import { badRequest } from '../http/api-error';
import { ReserveBody } from '../../../shared/contract';
import { body } from '../http/input';
import { clientKey, networkKey } from '../http/limits';
import { optionalToken, requireToken } from '../http/request-tokens';
import type { ReservationService } from './reservation-service';
import { CREDENTIAL_HEADERS } from '../../../shared/contract/credentials';

const numberRequired = () => badRequest('number_required', CREDENTIAL_HEADERS.reservation);

export function registerReservations(router: Router, ctx: ApiContext, reservations: ReservationService): void {
  router.post('/reservations', async (req, res) => {
    const { number: msisdn } = body(req, ReserveBody);
    const client = clientKey(req.ip);
    const network = networkKey(req.ip);
    await ctx.limits.reservation(client, network);
    // A phone confirmed by SMS (the auth token) books beyond the share left to anonymous bookings.
    const phone = (await optionalToken(ctx, req, 'auth'))?.sub ?? null;
    const result = await reservations.reserve(msisdn, await optionalToken(ctx, req, 'reservation'), { client, network, phone });
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
