import { formatDate, formatNumber, formatUzs } from './format';

describe('formatting for the language', () => {
  it('writes sums with the language grouping and unit', () => {
    expect(formatUzs(80000, 'en')).toBe('80,000\u00a0UZS');
    expect(formatUzs(2000000, 'ru')).toBe('2\u00a0000\u00a0000\u00a0сум');
    expect(formatUzs(0, 'uz')).toBe('0\u00a0soʻm');
  });

  it('uses one kind of no-break space whatever the ICU version', () => {
    expect(formatNumber(1234567, 'ru')).not.toMatch(/\u202f/);
  });

  it('writes Uzbek by its own patterns, the same in every engine', () => {
    expect(formatNumber(1234567, 'uz')).toBe('1\u00a0234\u00a0567');
    expect(formatNumber(-14500.4, 'uz')).toBe('-14\u00a0500');
    expect(formatDate('2026-09-01', 'uz')).toBe('1-sentabr, 2026');
    expect(formatDate('2026-12-31T22:00:00Z', 'uz')).toBe('31-dekabr, 2026');
  });

  it('writes calendar dates without shifting them by the time zone', () => {
    expect(formatDate('2026-11-01', 'en')).toBe('November 1, 2026');
    expect(formatDate('2026-11-01', 'ru')).toMatch(/^1 ноября 2026/);
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});
