import { checkBirthDate } from '../../../shared/validation';
import type { ApiContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { valid } from '../http/input';
import { createPointCatalogue } from '../points-of-sale/point-catalogue';
import type { PointHours } from '../seed/seed-points';
import type { WriteHandlers } from '../write-handler';
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

/** Remote identification, an appointment at a point of sale, and the phone's latest (shared/writes/purchase.ts). */
export function createIdentificationWrites(
  ctx: ApiContext,
  identifications: IdentificationService,
): WriteHandlers<'identifyRemotely' | 'bookIdentification' | 'getIdentification'> {
  const points = createPointCatalogue(ctx.db);

  return {
    // Each refusal tells whether a document and a date of birth go together: the day's refusals
    // are limited per phone, per phone and document, and per document (http/limits.ts); a document
    // past its own is answered as refused, unchecked, like a wrong date. A pass counts nothing.
    identifyRemotely: async ({ tokens, body, lang }) => {
      const birthDate = valid(checkBirthDate(body.birthDate, ctx.now()), 'birthDate');
      const attempt = { phone: tokens.auth.sub, document: identifications.personKey(body.document) };
      const checked = await ctx.limits.identification(attempt);
      const row = identifications.remote(tokens.auth.sub, body.document, birthDate, checked);
      if (row.status !== 'rejected') await ctx.limits.identificationPassed(attempt);
      return identifications.view(row, lang);
    },

    bookIdentification: ({ tokens, body, lang }) => {
      const point = points.find(body.pointOfSaleId);
      if (!point) throw badRequest('point_not_found', 'pointOfSaleId');
      if (!point.services.split(',').includes('identification')) throw badRequest('point_without_identification', 'pointOfSaleId');
      const hours = JSON.parse(point.hours) as PointHours;
      const today = tashkentToday(ctx.now());
      const dateText = body.date;
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
      const row = identifications.manual(tokens.auth.sub, point.id, day);
      return identifications.view(row, lang);
    },

    getIdentification: ({ tokens, lang }) => {
      const row = identifications.current(tokens.auth.sub);
      if (!row) throw notFound('identification_not_found');
      return identifications.view(row, lang);
    },
  };
}
