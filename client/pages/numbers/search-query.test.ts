import { apiSearch, filterQuery, filtersFromQuery, pageCount } from './search-query';

describe('the number search query', () => {
  it('keeps the filters a visitor set', () => {
    const filters = filtersFromQuery(new URLSearchParams('category=gold&digits=77&endsWith=00&mask=XXX-YY-YY&pattern=mirror&sort=price_desc&page=3'));
    expect(filters).toEqual({ category: 'gold', digits: '77', endsWith: '00', mask: 'XXX-YY-YY', pattern: 'mirror', sort: 'price_desc', page: 3 });
    expect(apiSearch(filters)).toEqual({ category: 'gold', contains: '77', endsWith: '00', mask: 'XXX-YY-YY', pattern: 'mirror', sort: 'price_desc', page: 3, pageSize: 24 });
  });

  it('ignores unknown values and clamps the page instead of failing', () => {
    const filters = filtersFromQuery(new URLSearchParams('category=diamond&digits=7a7&pattern=zigzag&sort=random&page=-4'));
    expect(filters).toEqual({ category: '', digits: '77', endsWith: '', mask: '', pattern: '', sort: '', page: 1 });
    expect(filtersFromQuery(new URLSearchParams('page=999999')).page).toBe(500);
    expect(filtersFromQuery(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes only the set filters into links', () => {
    expect(filterQuery(filtersFromQuery(new URLSearchParams('category=free&page=2')))).toEqual({ category: 'free' });
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(49, 24)).toBe(3);
  });
});
