import { inLanguage } from '../../../shared/localized';
import type { ApiContext } from '../context';
import type { ReadHandlers } from '../read-handler';
import { CATEGORIES } from './categories';
import { toPhoneNumber, type NumberRow } from './number-store';
import { SELECT_NUMBER } from './search-answers';
import type { NumberSearchReads } from './search-reads';

/** The numbers' public reads (shared/reads.ts): the search (search-reads.ts), the categories with their free counts, one number. */
export function createNumberReads(
  ctx: ApiContext,
  numberSearch: NumberSearchReads,
): ReadHandlers<'numbers' | 'numberCategories' | 'number'> {
  const oneNumber = ctx.db.prepare(`${SELECT_NUMBER} WHERE n.msisdn = ?`);
  return {
    numbers: ({ query, caller }) => numberSearch.numbers(query, caller),
    numberCategories: ({ lang }) => {
      const counts = numberSearch.availableByCategory(ctx.now());
      return {
        items: CATEGORIES.map((c) => ({
          id: c.id,
          name: inLanguage(c.names, lang),
          price: c.price,
          pattern: c.pattern,
          available: counts.get(c.id) ?? 0,
        })),
      };
    },
    number: ({ param }) => {
      const row = oneNumber.get(param) as NumberRow | undefined;
      return row ? toPhoneNumber(row, ctx.now()) : null;
    },
  };
}
