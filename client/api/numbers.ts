import type { NumberCategory, NumberList, NumberSearch } from '../../shared/api-types';
import { readerOf, type RouteContext } from './reader';

/** `GET /numbers`: one page of the numbers that match; a refused search (a bad mask) is a 400. */
export function searchNumbers(context: RouteContext, search: NumberSearch): Promise<NumberList> {
  return readerOf(context).numbers(search);
}

/** `GET /numbers/categories`: the price categories with their free counts. */
export async function fetchNumberCategories(context?: RouteContext): Promise<NumberCategory[]> {
  return (await readerOf(context).numberCategories()).items;
}
