import { formatDate, formatNumber, formatUzs } from './format';

describe('formatting for the language', () => {
  it('writes sums with the language grouping and unit', () => {
    expect(formatUzs(80000, 'en')).toBe('80,000\u00a0UZS');
    expect(formatUzs(2000000, 'ru')).toBe('2\u00a0000\u00a0000\u00a0сум');
    expect(formatUzs(0, 'uz')).toBe('0\u00a0soʻm');
    expect(formatUzs(125000, 'uz-cyrl')).toBe('125\u00a0000\u00a0сўм');
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

  // Node's ICU is full (every locale): what Intl writes there is the reference for ru, en and uz-Cyrl.
  it('writes ru, en and uz-Cyrl numbers as Intl does, with one kind of no-break space', () => {
    const values = [0, 7, 999, 1000, 14500, 99999, 100000, 1234567, 2000000, 14500.5, 14500.4, -14500.5, -999.5, 250000000];
    for (const [lang, locale] of [
      ['ru', 'ru-RU'],
      ['en', 'en-US'],
      ['uz-cyrl', 'uz-Cyrl-UZ'],
    ] as const) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      for (const value of values) expect(formatNumber(value, lang)).toBe(intl.format(value).replace(/[\u202f\u00a0]/g, '\u00a0'));
    }
  });

  it('writes ru, en and uz-Cyrl dates as Intl does, for every month', () => {
    for (const [lang, locale] of [
      ['ru', 'ru-RU'],
      ['en', 'en-US'],
      ['uz-cyrl', 'uz-Cyrl-UZ'],
    ] as const) {
      const intl = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      for (let month = 1; month <= 12; month += 1) {
        const day = `2026-${String(month).padStart(2, '0')}-${String(month * 2).padStart(2, '0')}`;
        expect(formatDate(day, lang)).toBe(intl.format(new Date(`${day}T00:00:00Z`)));
      }
    }
  });

  it('writes an instant as it reads in Tashkent (UTC+5) as Intl does with Asia/Tashkent, across midnight and every month', () => {
    const instants = [
      '2026-11-29T09:30:00Z',
      '2026-12-31T19:00:00Z',
      '2026-12-31T18:59:59Z',
      '2026-01-01T00:05:00Z',
      '2026-06-15T23:45:00Z',
    ];
    for (let month = 1; month <= 12; month += 1) instants.push(`2026-${String(month).padStart(2, '0')}-0${(month % 9) + 1}T04:07:00Z`);
    for (const [lang, locale] of [
      ['ru', 'ru-RU'],
      ['en', 'en-US'],
      ['uz-cyrl', 'uz-Cyrl-UZ'],
    ] as const) {
      const intl = new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Asia/Tashkent',
      });
      for (const instant of instants) expect(formatDate(instant, lang, { tashkentTime: true })).toBe(intl.format(new Date(instant)));
    }
    expect(formatDate('2026-11-29T09:30:00Z', 'ru', { tashkentTime: true })).toBe('29 ноября в 14:30');
    expect(formatDate('2026-11-29T09:30:00Z', 'en', { tashkentTime: true })).toBe('November 29 at 14:30');
    expect(formatDate('2026-11-29T09:30:00Z', 'uz', { tashkentTime: true })).toBe('29-noyabr, 14:30');
    expect(formatDate('2026-12-31T19:00:00Z', 'uz', { tashkentTime: true })).toBe('1-yanvar, 00:00');
    expect(formatDate('not a date', 'ru', { tashkentTime: true })).toBe('not a date');
  });

  it('never asks Intl, whose first use loads locale data in the middle of hydration', () => {
    const spies = [
      jest.spyOn(Intl, 'NumberFormat'),
      jest.spyOn(Intl, 'DateTimeFormat'),
      jest.spyOn(Number.prototype, 'toLocaleString'),
      jest.spyOn(Date.prototype, 'toLocaleDateString'),
    ];
    try {
      for (const lang of ['ru', 'en', 'uz', 'uz-cyrl'] as const) {
        formatUzs(1234567, lang);
        formatDate('2026-11-01', lang);
        formatDate('2026-11-01T09:30:00Z', lang, { tashkentTime: true });
      }
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('writes calendar dates without shifting them by the time zone', () => {
    expect(formatDate('2026-11-01', 'en')).toBe('November 1, 2026');
    expect(formatDate('2026-11-01', 'ru')).toBe('1 ноября 2026 г.');
    expect(formatDate('2026-12-31T22:00:00Z', 'en')).toBe('December 31, 2026');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});
