import type { PhoneNumber, ReadyTariff } from '../../../shared/api-types';

/** How many offers of each kind fit a phone screen without endless scrolling. */
export const TARIFFS_OF_THE_DAY = 3;
export const NUMBERS_OF_THE_DAY = 4;

/** The cheapest ready tariffs with the biggest first-months discount first. */
export function tariffsOfTheDay(items: ReadyTariff[]): ReadyTariff[] {
  return [...items]
    .sort((a, b) => b.discountPercent - a.discountPercent || a.firstMonthsPrice - b.firstMonthsPrice)
    .slice(0, TARIFFS_OF_THE_DAY);
}

/** Only numbers that can be bought right now. */
export function numbersOfTheDay(items: PhoneNumber[]): PhoneNumber[] {
  return items.filter((n) => n.available).slice(0, NUMBERS_OF_THE_DAY);
}

/** The gifts every Oq Day brings (texts under `oqDay.gifts.<key>`). */
export const OQ_DAY_GIFTS = ['gigabytes', 'partners', 'draw'] as const;
export const OQ_DAY_STEPS = ['open', 'gift', 'numbers'] as const;
