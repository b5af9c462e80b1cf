import type { SimType } from '../../shared/api-types';
import { readerOf } from './reader';

/** `GET /sim-types`: eSIM and physical SIM, with their prices. */
export async function fetchSimTypes(context?: unknown): Promise<SimType[]> {
  return (await readerOf(context).simTypes()).items;
}
