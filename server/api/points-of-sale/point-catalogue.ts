import type { PointOfSale, PointService } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { inLanguage, type Localized } from '../../../shared/localized';
import type { PointHours, PointTexts } from '../seed/seed-points';
import type { Db } from '../store/database';
import { cityName } from './cities';

export interface PointRow {
  id: string;
  city: string;
  lat: number;
  lon: number;
  phone: string;
  services: string;
  hours: string;
  texts: string;
}

export function toPointOfSale(row: PointRow, lang: Language): PointOfSale {
  const texts = inLanguage(JSON.parse(row.texts) as Localized<PointTexts>, lang);
  return {
    id: row.id,
    city: row.city,
    cityName: cityName(row.city, lang),
    name: texts.name,
    address: texts.address,
    landmark: texts.landmark,
    lat: row.lat,
    lon: row.lon,
    phone: row.phone,
    services: row.services.split(',') as PointService[],
    hours: JSON.parse(row.hours) as PointHours,
  };
}

/** Great-circle distance in km (haversine), enough to sort offices by nearness. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

export function createPointCatalogue(db: Db) {
  const all = db.prepare('SELECT * FROM points_of_sale ORDER BY city, id');
  const one = db.prepare('SELECT * FROM points_of_sale WHERE id = ?');
  return {
    all: () => all.all() as PointRow[],
    find: (id: string) => one.get(id) as PointRow | undefined,
  };
}
