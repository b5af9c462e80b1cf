import type { Localized } from '../../../shared/localized';
import type { CategoryId } from '../../../shared/api-types';
import { CATEGORY_IDS as CONTRACT_CATEGORY_IDS } from '../../../shared/contract/values';

export type { CategoryId };
/**
 * The contract's categories (shared/contract/values.ts, the ids `CategoryId` is built from),
 * cheapest first: the order the copy of the catalogue stores them in. Taken from the plain values,
 * not the schema, so the number search's threads load no zod (search-worker.ts).
 */
export const CATEGORY_IDS: readonly CategoryId[] = CONTRACT_CATEGORY_IDS;

/** The small, costly categories a crowd would corner: their holds have limits of their own (reservations/premium-holds.ts). */
export const PREMIUM_CATEGORIES: readonly CategoryId[] = ['gold', 'platinum'];

export interface CategoryDefinition {
  id: CategoryId;
  /** One-off price in UZS, on the regional ladder of docs/domain.md. */
  price: number;
  /** How the category reads on the page: x = the same digit repeated, y = another repeated digit. */
  pattern: string;
  names: Localized<string>;
}

export const CATEGORIES: CategoryDefinition[] = [
  { id: 'free', price: 0, pattern: '___-__-__', names: { ru: 'Бесплатный', en: 'Free', uz: 'Bepul' } },
  { id: 'bronze', price: 80_000, pattern: '___-__-xx', names: { ru: 'Бронзовый', en: 'Bronze', uz: 'Bronza' } },
  { id: 'silver', price: 300_000, pattern: '___-xx-yy', names: { ru: 'Серебряный', en: 'Silver', uz: 'Kumush' } },
  { id: 'gold', price: 840_000, pattern: '___-xx-xx', names: { ru: 'Золотой', en: 'Gold', uz: 'Oltin' } },
  { id: 'platinum', price: 2_000_000, pattern: '_xx-xx-xx', names: { ru: 'Платиновый', en: 'Platinum', uz: 'Platina' } },
];

export function categoryById(id: string): CategoryDefinition | undefined {
  return CATEGORIES.find((c) => c.id === id);
}
