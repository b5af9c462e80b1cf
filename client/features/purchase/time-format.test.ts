import type { TFunction } from 'i18next';
import { durationParts, formatDuration, formatTashkentTime } from './time-format';

describe('times of the purchase', () => {
  it('writes a server time in Tashkent time, the same on every machine', () => {
    expect(formatTashkentTime('2026-11-22T06:11:05.027Z')).toBe('22.11.2026 11:11');
    expect(formatTashkentTime('2026-12-31T20:00:00Z')).toBe('01.01.2027 01:00');
    expect(formatTashkentTime('soon')).toBe('soon');
  });

  it('splits a duration and names its two largest units', () => {
    expect(durationParts(2 * 86400_000 + 5 * 3600_000 + 59_000)).toEqual({ days: 2, hours: 5, minutes: 0, seconds: 59 });
    expect(durationParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    const t = ((key: string, values: Record<string, number>) => `${key}:${Object.values(values).join(',')}`) as unknown as TFunction;
    expect(formatDuration(2 * 86400_000 + 5 * 3600_000, t)).toBe('auction.duration.daysHours:2,5');
    expect(formatDuration(5 * 3600_000 + 12 * 60_000, t)).toBe('auction.duration.hoursMinutes:5,12');
    expect(formatDuration(12 * 60_000 + 5_000, t)).toBe('auction.duration.minutesSeconds:12,5');
  });
});
