import { nextTashkentYearAt, tashkentYear } from './tashkent';

describe("Tashkent's year", () => {
  it('turns at midnight in Tashkent, five hours before UTC does', () => {
    const newYear = Date.parse('2026-12-31T19:00:00Z');
    expect(tashkentYear(newYear - 1)).toBe(2026);
    expect(tashkentYear(newYear)).toBe(2027);
    expect(nextTashkentYearAt(newYear - 1)).toBe(newYear);
    expect(nextTashkentYearAt(Date.parse('2026-06-01T00:00:00Z'))).toBe(newYear);
    expect(nextTashkentYearAt(newYear)).toBe(Date.parse('2027-12-31T19:00:00Z'));
  });
});
