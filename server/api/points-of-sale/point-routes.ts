import type { Router } from 'express';
import type { PointOfSaleList } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { NoQuery, PointOfSaleQuery } from '../../../shared/contract';
import { query } from '../http/input';
import { requestLanguage } from '../http/language';
import { CITIES } from './cities';
import { createPointCatalogue, distanceKm, toPointOfSale } from './point-catalogue';
import { cacheFor, CATALOGUE_SECONDS } from '../http/caching';

export function registerPointsOfSale(router: Router, ctx: ApiContext): void {
  const catalogue = createPointCatalogue(ctx.db);

  router.get('/points-of-sale', (req, res) => {
    const { city: cityId, service = null, lat, lon, limit = 100 } = query(req, PointOfSaleQuery);
    const lang = requestLanguage(req);
    const city = cityId ? (CITIES.find((c) => c.id === cityId)?.id ?? null) : null;
    if (cityId && !city) throw badRequest('invalid_field', 'city');
    if ((lat === undefined) !== (lon === undefined)) throw badRequest('missing_field', lat === undefined ? 'lat' : 'lon');
    let items = catalogue
      .all()
      .filter((row) => (!city || row.city === city) && (!service || row.services.split(',').includes(service)))
      .map((row) => toPointOfSale(row, lang));
    if (lat !== undefined && lon !== undefined) {
      items = items
        .map((p) => ({ ...p, distanceKm: Math.round(distanceKm(lat, lon, p.lat, p.lon) * 10) / 10 }))
        .sort((a, b) => a.distanceKm - b.distanceKm);
    }
    const payload: PointOfSaleList = {
      items: items.slice(0, limit),
      cities: CITIES.map((c) => ({ id: c.id, name: c.names[lang], lat: c.lat, lon: c.lon })),
    };
    cacheFor(res, CATALOGUE_SECONDS);
    res.json(payload);
  });

  router.get('/points-of-sale/:id', (req, res) => {
    query(req, NoQuery);
    const row = catalogue.find(req.params.id);
    if (!row) throw notFound('point_not_found');
    cacheFor(res, CATALOGUE_SECONDS);
    res.json(toPointOfSale(row, requestLanguage(req)));
  });
}
