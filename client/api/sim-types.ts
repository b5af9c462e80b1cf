import type { SimType } from '../../shared/api-types';
import { readerOf, type RouteContext } from './reader';

/** `GET /sim-types`: eSIM and physical SIM, with their prices. */
export async function fetchSimTypes(context?: RouteContext): Promise<SimType[]> {
  return (await readerOf(context).simTypes()).items;
}
