import type { ConstructorOptions, ReadyTariff, TariffList } from '../../shared/api-types';
import { apiClient } from '../api-client';

/** `GET /tariffs`: the ready tariffs, in the order the operator lists them. */
export async function fetchTariffs(context?: unknown): Promise<ReadyTariff[]> {
  const { data } = await apiClient(context).get<TariffList>('/tariffs');
  return data.items;
}

/** `GET /tariff-constructor`: the constructor's steps, add-ons and prices. */
export async function fetchConstructorOptions(context?: unknown): Promise<ConstructorOptions> {
  const { data } = await apiClient(context).get<ConstructorOptions>('/tariff-constructor');
  return data;
}
