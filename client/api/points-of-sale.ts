import type { PointOfSaleList } from '../../shared/api-types';
import { readerOf, type PointOfSaleSearch } from './reader';

export type { PointOfSaleSearch };

/** `GET /points-of-sale`: the offices that match, and the list of cities (with their ids). */
export function fetchPointsOfSale(context?: unknown, search: PointOfSaleSearch = {}): Promise<PointOfSaleList> {
  return readerOf(context).pointsOfSale(search);
}
