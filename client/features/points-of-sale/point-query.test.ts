import { coordinateParam, formatDistance, formatHours, formatPhone, parsePointFilters, pointQuery } from './point-query';

const parse = (query: string) => parsePointFilters(new URLSearchParams(query));

describe('the points-of-sale query', () => {
  it('reads city, service and position', () => {
    expect(parse('city=samarkand&service=esim&lat=39.6542&lon=66.9597')).toEqual({
      city: 'samarkand',
      service: 'esim',
      lat: 39.6542,
      lon: 66.9597,
    });
  });

  it('ignores what is malformed instead of failing', () => {
    expect(parse('city=<script>&service=fax&lat=abc&lon=1')).toEqual({ city: null, service: null, lat: null, lon: null });
    expect(parse('lat=91&lon=10')).toEqual({ city: null, service: null, lat: null, lon: null });
    expect(parse('lat=1e3&lon=10')).toMatchObject({ lat: null, lon: null });
    expect(parse('city=&service=')).toEqual({ city: null, service: null, lat: null, lon: null });
  });

  it('needs both coordinates for a position', () => {
    expect(parse('lat=41.3')).toMatchObject({ lat: null, lon: null });
  });

  it('leaves absent filters out of the API query and writes coordinates with fixed decimals', () => {
    expect(pointQuery({ city: null, service: 'sim', lat: null, lon: null })).toEqual({ service: 'sim' });
    expect(pointQuery({ city: 'bukhara', service: null, lat: 0.00000001, lon: 64.4 })).toEqual({
      city: 'bukhara',
      lat: '0.0000',
      lon: '64.4000',
    });
    expect(coordinateParam(-12.345678)).toBe('-12.3457');
  });
});

describe('the points-of-sale formatting', () => {
  it('writes a phone number in groups that never break across lines', () => {
    expect(formatPhone('+998771101233')).toBe('+998\u00a077\u00a0110\u00a012\u00a033');
    expect(formatPhone('1100')).toBe('1100');
  });

  it('writes a distance with one decimal, with a comma where the language uses one', () => {
    expect(formatDistance(2.64, true)).toBe('2,6');
    expect(formatDistance(2.64, false)).toBe('2.6');
    expect(formatDistance(1, false)).toBe('1.0');
  });

  it('writes hours with an en dash', () => {
    expect(formatHours('09:00-18:00')).toBe('09:00\u201318:00');
  });
});
