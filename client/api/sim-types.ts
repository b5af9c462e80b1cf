import type { SimType, SimTypeList } from '../../shared/api-types';
import { apiClient } from '../api-client';

/** `GET /sim-types`: eSIM and physical SIM, with their prices. */
export async function fetchSimTypes(context?: unknown): Promise<SimType[]> {
  const { data } = await apiClient(context).get<SimTypeList>('/sim-types');
  return data.items;
}
