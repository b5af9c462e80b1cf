import type { CategoryList, NumberCategory, NumberList, NumberSearch } from '../../shared/api-types';
import { apiClient } from '../api-client';

/** `GET /numbers`: one page of the numbers that match; a refused search (a bad mask) is a 400. */
export async function searchNumbers(context: unknown, search: NumberSearch): Promise<NumberList> {
  const { data } = await apiClient(context).get<NumberList>('/numbers', { params: search });
  return data;
}

/** `GET /numbers/categories`: the price categories with their free counts. */
export async function fetchNumberCategories(context?: unknown): Promise<NumberCategory[]> {
  const { data } = await apiClient(context).get<CategoryList>('/numbers/categories');
  return data.items;
}
