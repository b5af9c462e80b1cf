import { inLanguage } from '../../../shared/localized';
import type { ApiContext } from '../context';
import { badRequest } from '../http/api-error';
import type { ReadHandlers } from '../read-handler';
import { CITIES } from './cities';
import { createPointCatalogue, distanceKm, toPointOfSale } from './point-catalogue';

/** The points of sale's public reads (shared/reads.ts): the list, by city, service or distance, and one point. */
export function createPointReads(db: ApiContext['db']): ReadHandlers<'pointsOfSale' | 'pointOfSale'> {
  const points = createPointCatalogue(db);
  return {
    pointsOfSale: ({ lang, query }) => {
      const { city: cityId, service = null, lat, lon, limit = 100 } = query;
      const city = cityId ? (CITIES.find((c) => c.id === cityId)?.id ?? null) : null;
      if (cityId && !city) throw badRequest('invalid_field', 'city');
      if ((lat === undefined) !== (lon === undefined)) throw badRequest('missing_field', lat === undefined ? 'lat' : 'lon');
      let items = points
        .all()
        .filter((row) => (!city || row.city === city) && (!service || row.services.split(',').includes(service)))
        .map((row) => toPointOfSale(row, lang));
      if (lat !== undefined && lon !== undefined) {
        items = items
          .map((p) => ({ ...p, distanceKm: Math.round(distanceKm(lat, lon, p.lat, p.lon) * 10) / 10 }))
          .sort((a, b) => a.distanceKm - b.distanceKm);
      }
      return {
        items: items.slice(0, limit),
        cities: CITIES.map((c) => ({ id: c.id, name: inLanguage(c.names, lang), lat: c.lat, lon: c.lon })),
      };
    },
    pointOfSale: ({ lang, param }) => {
      const row = points.find(param);
      return row ? toPointOfSale(row, lang) : null;
    },
  };
}
