import type { PointOfSaleList } from '../../shared/api-types';
import type { ReadQuery } from '../../shared/reads';
import { readerOf, type RouteContext } from './reader';

/** The query of the page's links and of the read, coordinates as the URL writes them: fixed decimals (point-query.ts). */
export type PointOfSaleSearch = Omit<ReadQuery<'pointsOfSale'>, 'lat' | 'lon'> & { lat?: string; lon?: string };

const coordinate = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/** `GET /points-of-sale`: the offices that match, and the list of cities (with their ids). */
export function fetchPointsOfSale(context?: RouteContext, search: PointOfSaleSearch = {}): Promise<PointOfSaleList> {
  return readerOf(context).pointsOfSale({ ...search, lat: coordinate(search.lat), lon: coordinate(search.lon) });
}
