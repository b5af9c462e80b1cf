import { formatDate, formatNumber, formatUzs } from '../../format';
import { LANGUAGES } from '../../../shared/languages';
import { stableDate, stableNumber, stableUzs } from './stable-format';

describe('formatting that hydrates the same in every browser', () => {
  it('writes Uzbek dates as full ICU data does, without needing it', () => {
    expect(stableDate('2025-09-01', 'uz')).toBe('1-sentabr, 2025');
    expect(stableDate('2025-01-31T23:30:00Z', 'uz')).toBe('31-yanvar, 2025');
    expect(stableDate('not a date', 'uz')).toBe('not a date');
  });

  it('groups Uzbek numbers with no-break spaces', () => {
    expect(stableNumber(14500, 'uz')).toBe('14\u00a0500');
    expect(stableNumber(1070000000, 'uz')).toBe('1\u00a0070\u00a0000\u00a0000');
    expect(stableNumber(999, 'uz')).toBe('999');
    expect(stableUzs(80000, 'uz')).toBe('80\u00a0000\u00a0soʻm');
  });

  it('agrees with client/format.ts where Node has the data', () => {
    for (const lang of LANGUAGES) {
      for (const date of ['2025-09-01', '2024-02-29', '2025-12-31']) expect(stableDate(date, lang)).toBe(formatDate(date, lang));
      for (const n of [0, 7, 14500, 2_000_000]) expect(stableNumber(n, lang)).toBe(formatNumber(n, lang));
      expect(stableUzs(29000, lang)).toBe(formatUzs(29000, lang));
    }
  });
});
