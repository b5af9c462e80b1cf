import type { ReadyTariff } from '../../../shared/api-types';

export const MAX_COMPARED = 3;

export interface Comparison {
  /** Ids of the tariffs compared, in the catalogue's order, at most three. */
  ids: string[];
  /** More than three were asked for (a form sent without JavaScript): the first three are kept. */
  truncated: boolean;
}

/**
 * The tariffs a query compares: `?compare=a,b` (the page's own links) or `compare=a&compare=b`
 * (the GET form without JavaScript). Unknown ids are ignored, never an error.
 */
export function comparisonFromQuery(query: URLSearchParams, tariffs: ReadyTariff[]): Comparison {
  const asked = new Set(query.getAll('compare').flatMap((value) => value.split(',').map((id) => id.trim())));
  const known = tariffs.filter((tariff) => asked.has(tariff.id)).map((tariff) => tariff.id);
  return { ids: known.slice(0, MAX_COMPARED), truncated: known.length > MAX_COMPARED };
}

/** The query of a comparison: the same tariffs, in the catalogue's order. */
export function comparisonSearch(ids: string[], tariffs: ReadyTariff[]): string {
  const ordered = tariffs.filter((tariff) => ids.includes(tariff.id)).map((tariff) => tariff.id);
  return ordered.length > 0 ? `?compare=${ordered.join(',')}` : '';
}
