import type { PointService } from '../../../shared/api-types';
import type { PointOfSaleSearch } from '../../api/points-of-sale';

/** The services an office may offer, in the order the filter lists them. */
export const POINT_SERVICES = ['sim', 'esim', 'identification'] as const satisfies readonly PointService[];

/** What the points-of-sale page was asked for in its query (`?city&service&lat&lon`). */
export interface PointFilters {
  city: string | null;
  service: PointService | null;
  /** The visitor's position ("nearest to me"): both or neither. */
  lat: number | null;
  lon: number | null;
}

function coordinate(value: string | null, limit: number): number | null {
  const text = value?.trim() ?? '';
  if (!/^-?\d{1,3}(\.\d{1,10})?$/.test(text)) return null;
  const n = Number(text);
  return Math.abs(n) <= limit ? n : null;
}

/** Reads the query forgivingly: anything malformed is ignored, never an error. */
export function parsePointFilters(params: URLSearchParams): PointFilters {
  const city = params.get('city')?.trim().toLowerCase() ?? '';
  const service = params.get('service')?.trim() ?? '';
  const lat = coordinate(params.get('lat'), 90);
  const lon = coordinate(params.get('lon'), 180);
  const located = lat !== null && lon !== null;
  return {
    city: /^[a-z][a-z-]{0,39}$/.test(city) ? city : null,
    service: (POINT_SERVICES as readonly string[]).includes(service) ? (service as PointService) : null,
    lat: located ? lat : null,
    lon: located ? lon : null,
  };
}

/** A coordinate as the URL and the API take it: fixed decimals (never `1e-7`), about 11 m. */
export function coordinateParam(value: number): string {
  return value.toFixed(4);
}

/** The query of the API call and of the page's own links; absent filters are left out. */
export function pointQuery(filters: PointFilters): PointOfSaleSearch {
  const query: PointOfSaleSearch = {};
  if (filters.city) query.city = filters.city;
  if (filters.service) query.service = filters.service;
  if (filters.lat !== null && filters.lon !== null) {
    query.lat = coordinateParam(filters.lat);
    query.lon = coordinateParam(filters.lon);
  }
  return query;
}

/** `+998771101233` as people write it: `+998 77 110 12 33`. */
export function formatPhone(phone: string): string {
  const match = /^\+998(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  // No-break spaces: a number never wraps across lines (html-validate's `tel-non-breaking`).
  return match ? ['+998', ...match.slice(1)].join('\u00a0') : phone;
}

/** A distance with one decimal, written the same on the server and in the browser. */
export function formatDistance(km: number, decimalComma: boolean): string {
  const text = (Math.round(km * 10) / 10).toFixed(1);
  return decimalComma ? text.replace('.', ',') : text;
}

/** `09:00-18:00` with an en dash, as times ranges are printed. */
export function formatHours(range: string): string {
  return range.replace('-', '\u2013');
}
