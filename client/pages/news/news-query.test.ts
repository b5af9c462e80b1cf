import { lastNewsPage, MAX_NEWS_PAGE, pageLinks, parseNewsPage } from './news-query';

describe('the news page number', () => {
  it('is read from digits and falls back to page 1 for anything else', () => {
    expect(parseNewsPage('2')).toBe(2);
    expect(parseNewsPage(' 3 ')).toBe(3);
    for (const garbage of [null, undefined, '', '0', '-1', 'abc', '2abc', '1.5', '1e3', '０２']) {
      expect(parseNewsPage(garbage)).toBe(1);
    }
  });

  it('is capped at the highest page the API accepts', () => {
    expect(parseNewsPage('100001')).toBe(MAX_NEWS_PAGE);
    expect(parseNewsPage('99999999999999999999999')).toBe(MAX_NEWS_PAGE);
  });

  it('has a last page even for an empty list', () => {
    expect(lastNewsPage(0, 6)).toBe(1);
    expect(lastNewsPage(13, 6)).toBe(3);
    expect(lastNewsPage(12, 6)).toBe(2);
  });
});

describe('the pagination links', () => {
  it('lists every page when there are few', () => {
    expect(pageLinks(2, 3)).toEqual([1, 2, 3]);
  });

  it('keeps the ends and the neighbours of the current page, with gaps between', () => {
    expect(pageLinks(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageLinks(1, 20)).toEqual([1, 2, null, 20]);
    expect(pageLinks(3, 20)).toEqual([1, 2, 3, 4, null, 20]);
    expect(pageLinks(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
  });
});
