import { NUMBER_SEARCH_DEPTH } from '../../../shared/contract/search-depth';
import {
  activeFilters,
  apiSearch,
  DEEPEST_PAGE,
  filterQuery,
  filtersFromQuery,
  MAX_PAGE,
  pageCount,
  PAGE_SIZE,
  tooDeep,
  withoutFilter,
} from './search-query';

describe('the number search query', () => {
  it('keeps the filters a visitor set', () => {
    const filters = filtersFromQuery(
      new URLSearchParams('category=gold&digits=77&endsWith=00&mask=XXX-YY-YY&pattern=mirror&sort=price_desc&page=3'),
    );
    expect(filters).toEqual({
      category: 'gold',
      digits: '77',
      endsWith: '00',
      mask: 'XXX-YY-YY',
      date: '',
      pattern: 'mirror',
      sort: 'price_desc',
      page: 3,
      after: '',
    });
    expect(apiSearch(filters)).toEqual({
      category: 'gold',
      contains: '77',
      endsWith: '00',
      mask: 'XXX-YY-YY',
      pattern: 'mirror',
      sort: 'price_desc',
      page: 3,
      pageSize: 24,
    });
  });

  it('passes where a page starts to the API as its cursor, and drops one that is not a cursor', () => {
    expect(apiSearch(filtersFromQuery(new URLSearchParams('page=2&after=840000_998771234567')))).toMatchObject({
      page: 2,
      cursor: '840000_998771234567',
    });
    for (const junk of ['840000', 'x_998771234567', '840000_99877123456', "1_998771234567'--"]) {
      expect(filtersFromQuery(new URLSearchParams({ page: '2', after: junk })).after).toBe('');
    }
  });

  it('ignores unknown values and clamps the page instead of failing', () => {
    const filters = filtersFromQuery(new URLSearchParams('category=diamond&digits=7a7&pattern=zigzag&sort=random&page=-4'));
    expect(filters).toEqual({ category: '', digits: '77', endsWith: '', mask: '', date: '', pattern: '', sort: '', page: 1, after: '' });
    expect(filtersFromQuery(new URLSearchParams('page=999999')).page).toBe(MAX_PAGE);
    expect(filtersFromQuery(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('asks the API for pages by number only within the bound, and for any page that starts at a cursor', () => {
    expect(DEEPEST_PAGE * PAGE_SIZE).toBeLessThanOrEqual(NUMBER_SEARCH_DEPTH);
    expect((DEEPEST_PAGE + 1) * PAGE_SIZE).toBeGreaterThan(NUMBER_SEARCH_DEPTH);
    expect(tooDeep(filtersFromQuery(new URLSearchParams(`page=${DEEPEST_PAGE}`)))).toBe(false);
    expect(tooDeep(filtersFromQuery(new URLSearchParams(`page=${DEEPEST_PAGE + 1}`)))).toBe(true);
    expect(tooDeep(filtersFromQuery(new URLSearchParams('page=999999')))).toBe(true);
    expect(tooDeep(filtersFromQuery(new URLSearchParams(`page=${DEEPEST_PAGE + 1}&after=840000_998771234567`)))).toBe(false);
  });

  it('writes only the set filters into links', () => {
    expect(filterQuery(filtersFromQuery(new URLSearchParams('category=free&page=2')))).toEqual({ category: 'free' });
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(49, 24)).toBe(3);
  });
  it('searches a date typed into the digits field as a date, and passes the date field on as typed', () => {
    expect(filtersFromQuery(new URLSearchParams('digits=25.11.1990'))).toMatchObject({ digits: '', date: '25.11.1990' });
    expect(apiSearch(filtersFromQuery(new URLSearchParams('digits=25.11.1990')))).toMatchObject({ date: '25.11.1990' });
    expect(apiSearch(filtersFromQuery(new URLSearchParams('date=31.02.1990'))).date).toBe('31.02.1990');
    expect(filtersFromQuery(new URLSearchParams('digits=2511'))).toMatchObject({ digits: '2511', date: '' });
    expect(filterQuery(filtersFromQuery(new URLSearchParams('date=1990-11-25')))).toEqual({ date: '1990-11-25' });
  });

  it('lists the filters set besides the digits, and the same search without one of them from its first page', () => {
    const filters = filtersFromQuery(new URLSearchParams('digits=12&endsWith=77&sort=price_asc&page=4&after=1000_998901234567'));
    expect(activeFilters(filters)).toEqual([
      { key: 'endsWith', value: '77' },
      { key: 'sort', value: 'price_asc' },
    ]);
    expect(withoutFilter(filters, 'endsWith')).toEqual({ digits: '12', sort: 'price_asc' });
    expect(activeFilters(filtersFromQuery(new URLSearchParams('digits=12')))).toEqual([]);
  });
});
