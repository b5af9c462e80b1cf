/**
 * Tashkent's clock: Uzbekistan keeps UTC+5 all year (Asia/Tashkent has had no summer time since
 * 1992), so a fixed offset reads it exactly, without Intl's time-zone data.
 */
export const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

/** The year it is in Tashkent at the instant `ms`. */
export const tashkentYear = (ms: number): number => new Date(ms + TASHKENT_OFFSET_MS).getUTCFullYear();

/** The instant the next year begins in Tashkent, after `ms`: until then `tashkentYear(ms)` holds. */
export const nextTashkentYearAt = (ms: number): number => Date.UTC(tashkentYear(ms) + 1, 0, 1) - TASHKENT_OFFSET_MS;
