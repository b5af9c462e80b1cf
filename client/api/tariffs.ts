import type { ConstructorOptions, ReadyTariff } from '../../shared/api-types';
import { readerOf, type RouteContext } from './reader';

/** `GET /tariffs`: the ready tariffs, in the order the operator lists them. */
export async function fetchTariffs(context?: RouteContext): Promise<ReadyTariff[]> {
  return (await readerOf(context).tariffs()).items;
}

/** `GET /tariff-constructor`: the constructor's steps, add-ons and prices. */
export function fetchConstructorOptions(context?: RouteContext): Promise<ConstructorOptions> {
  return readerOf(context).tariffConstructor();
}
