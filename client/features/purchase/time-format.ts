import type { TFunction } from 'i18next';

/** Uzbekistan keeps UTC+5 all year (shared/validation.ts counts "today" the same way). */
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

/**
 * A server time as people in Uzbekistan read it, `22.11.2026 11:05`: written by hand rather
 * than by Intl, so the server and every browser print the same text (hydration matches).
 */
export function formatTashkentTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const d = new Date(ms + TASHKENT_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function durationParts(ms: number): DurationParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** "2 d 5 h", "5 h 12 min", "12 min 5 s": the two largest units are precise enough for a lot. */
/** A rule's period in whole units ("5 min", "12 h"), as the lot's rules state it. */
export function formatPeriod(ms: number, t: TFunction): string {
  const { days, hours, minutes } = durationParts(ms);
  if (minutes === 0 && days + hours > 0) return t('auction.duration.hours', { hours: days * 24 + hours });
  return t('auction.duration.minutes', { minutes: days * 24 * 60 + hours * 60 + minutes });
}

export function formatDuration(ms: number, t: TFunction): string {
  const { days, hours, minutes, seconds } = durationParts(ms);
  if (days > 0) return t('auction.duration.daysHours', { days, hours });
  if (hours > 0) return t('auction.duration.hoursMinutes', { hours, minutes });
  return t('auction.duration.minutesSeconds', { minutes, seconds });
}
