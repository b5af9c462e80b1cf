import type { Router } from 'express';
import type { PointOfSaleList } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { enumValue, query, queryInt, queryNumber } from '../http/input';
import { requestLanguage } from '../http/language';
import { CITIES, POINT_SERVICES } from './cities';
import { createPointCatalogue, distanceKm, toPointOfSale } from './point-catalogue';
import { cacheFor, CATALOGUE_SECONDS } from '../http/caching';

export function registerPointsOfSale(router: Router, ctx: ApiContext): void {
  const catalogue = createPointCatalogue(ctx.db);

  router.get('/points-of-sale', (req, res) => {
    const q = query(req, ['city', 'service', 'lat', 'lon', 'limit']);
    const lang = requestLanguage(req);
    const city = q.city ? enumValue(q.city, CITIES.map((c) => c.id), 'city') : null;
    const service = q.service ? enumValue(q.service, POINT_SERVICES, 'service') : null;
    const lat = queryNumber(q.lat, 'lat', -90, 90);
    const lon = queryNumber(q.lon, 'lon', -180, 180);
    if ((lat === undefined) !== (lon === undefined)) throw badRequest('missing_field', lat === undefined ? 'lat' : 'lon');
    const limit = queryInt(q.limit, 'limit', 100, 1, 100);
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
    query(req, []);
    const row = catalogue.find(req.params.id);
    if (!row) throw notFound('point_not_found');
    cacheFor(res, CATALOGUE_SECONDS);
    res.json(toPointOfSale(row, requestLanguage(req)));
  });
}
