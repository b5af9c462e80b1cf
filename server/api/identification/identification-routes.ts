import type { Router } from 'express';
import { checkBirthDate } from '../../../shared/validation';
import type { ApiContext } from '../context';
import { badRequest, notFound, unauthorized } from '../http/api-error';
import { ManualIdentificationBody, RemoteIdentificationBody } from '../../../shared/contract';
import { body, valid } from '../http/input';
import { requestLanguage } from '../http/language';
import { requireToken } from '../http/request-tokens';
import { createPointCatalogue } from '../points-of-sale/point-catalogue';
import type { PointHours } from '../seed/seed-points';
import type { IdentificationService } from './identification-service';

const DAY_MS = 24 * 60 * 60 * 1000;
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;
const BOOKING_HORIZON_DAYS = 30;

function opensOn(hours: PointHours, dayMs: number): boolean {
  const weekday = new Date(dayMs).getUTCDay();
  if (weekday === 0) return hours.sun !== null;
  if (weekday === 6) return hours.sat !== null;
  return true;
}

/** Midnight UTC of today's date in Tashkent. */
function tashkentToday(now: number): number {
  const local = new Date(now + TASHKENT_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
}

export function registerIdentification(router: Router, ctx: ApiContext, identifications: IdentificationService): void {
  const points = createPointCatalogue(ctx.db);
  const authRequired = () => unauthorized('auth_required');

  router.post('/identification/remote', async (req, res) => {
    const { sub: phone } = await requireToken(ctx, req, 'auth', authRequired());
    const fields = body(req, RemoteIdentificationBody);
    const birthDate = valid(checkBirthDate(fields.birthDate, ctx.now()), 'birthDate');
    const document = fields.document;
    const row = identifications.remote(phone, document, birthDate);
    res.status(201).json(identifications.view(row, requestLanguage(req)));
  });

  router.post('/identification/manual', async (req, res) => {
    const { sub: phone } = await requireToken(ctx, req, 'auth', authRequired());
    const fields = body(req, ManualIdentificationBody);
    const point = points.find(fields.pointOfSaleId);
    if (!point) throw badRequest('point_not_found', 'pointOfSaleId');
    if (!point.services.split(',').includes('identification')) throw badRequest('point_without_identification', 'pointOfSaleId');
    const hours = JSON.parse(point.hours) as PointHours;
    const today = tashkentToday(ctx.now());
    const dateText = fields.date;
    let day: number;
    if (dateText === undefined) {
      day = today + DAY_MS;
      while (!opensOn(hours, day)) day += DAY_MS;
    } else {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateText);
      day = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
      const real = m && new Date(day).toISOString().slice(0, 10) === dateText;
      if (!real || day < today || day > today + BOOKING_HORIZON_DAYS * DAY_MS) throw badRequest('invalid_field', 'date');
      if (!opensOn(hours, day)) throw badRequest('point_closed', 'date');
    }
    const row = identifications.manual(phone, point.id, day);
    res.status(201).json(identifications.view(row, requestLanguage(req)));
  });

  router.get('/identification/current', async (req, res) => {
    const { sub: phone } = await requireToken(ctx, req, 'auth', authRequired());
    const row = identifications.current(phone);
    if (!row) throw notFound('identification_not_found');
    res.json(identifications.view(row, requestLanguage(req)));
  });
}
