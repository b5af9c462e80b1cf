import type { PageKey } from '../../../shared/paths';

/** What the about page presents, in order, with the page each offer leads to (if any). */
export const ABOUT_OFFERS: Array<{ key: string; page: PageKey | null }> = [
  { key: 'numbers', page: 'numbers' },
  // Not `constructor`: i18next cannot read Object.prototype names as keys.
  { key: 'tariffBuilder', page: 'constructor' },
  { key: 'readyTariffs', page: 'specificTariffs' },
  { key: 'sim', page: 'pointsOfSale' },
  { key: 'identification', page: 'identification' },
  { key: 'payment', page: null },
];

export const ABOUT_STEPS = ['number', 'tariff', 'identify', 'pay'] as const;
