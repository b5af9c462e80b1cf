import type { PointOfSaleList, PointService } from '../../shared/api-types';
import { apiClient } from '../api-client';

/** The query of `GET /points-of-sale`; coordinates as fixed-decimal strings, both or neither. */
export interface PointOfSaleSearch {
  city?: string;
  service?: PointService;
  lat?: string;
  lon?: string;
}

/** `GET /points-of-sale`: the offices that match, and the list of cities (with their ids). */
export async function fetchPointsOfSale(context?: unknown, search: PointOfSaleSearch = {}): Promise<PointOfSaleList> {
  const { data } = await apiClient(context).get<PointOfSaleList>('/points-of-sale', { params: search });
  return data;
}
