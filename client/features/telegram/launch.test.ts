import { languageChosen, languageOfTelegram, launchTarget, startQuery, type LaunchInput } from './launch';

describe("the Telegram user's language", () => {
  it.each([
    ['ru', 'ru'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['uz', 'uz'],
    ['UZ', 'uz'],
    ['kk', 'ru'],
    ['de', 'ru'],
    [undefined, 'ru'],
  ])('%s is the site’s %s', (code, lang) => {
    expect(languageOfTelegram(code)).toBe(lang);
  });

  it('counts as chosen only when the switcher’s cookie is there', () => {
    expect(languageChosen('')).toBe(false);
    expect(languageChosen('theme=dark; langx=1')).toBe(false);
    expect(languageChosen('theme=dark; lang=en')).toBe(true);
  });
});

describe('the start parameter', () => {
  it.each([
    ['lot-abc-123', { lot: 'abc-123' }],
    ['number-998901234567', { mask: '901234567' }],
    ['number-901234567', { mask: '901234567' }],
    ['category-gold', { category: 'gold' }],
    ['category-diamond', null],
    ['number-12345', null],
    ['lot-', null],
    ['promo-1', null],
    [undefined, null],
  ])('%s opens /numbers with %j', (param, query) => {
    expect(startQuery(param)).toEqual(query);
  });
});

describe('where the Mini App goes when it starts', () => {
  const base: LaunchInput = {
    pathname: '/numbers',
    search: '',
    pageLanguage: 'ru',
    languageChosen: false,
    languageCode: 'ru',
    startParam: undefined,
  };

  it('stays on the page it opened when the language is already the Telegram user’s', () => {
    expect(launchTarget(base)).toBeNull();
  });

  it('goes to the Telegram user’s language when the visitor chose none, keeping the query', () => {
    expect(launchTarget({ ...base, search: '?category=gold', languageCode: 'en' })).toBe('/en/numbers?category=gold');
    expect(launchTarget({ ...base, languageCode: 'uz' })).toBe('/uz/numbers');
    expect(launchTarget({ ...base, pathname: '/uz-cyrl/numbers', pageLanguage: 'uz-cyrl', languageCode: 'uz' })).toBeNull();
    expect(launchTarget({ ...base, pathname: '/uz-cyrl/numbers', pageLanguage: 'uz-cyrl', languageCode: 'en' })).toBe('/en/numbers');
    expect(launchTarget({ ...base, pathname: '/en/numbers', pageLanguage: 'en', languageCode: 'fr' })).toBe('/numbers');
  });

  it('keeps the language the visitor chose with the switcher', () => {
    expect(launchTarget({ ...base, pathname: '/uz/numbers', pageLanguage: 'uz', languageChosen: true, languageCode: 'en' })).toBeNull();
  });

  it('opens what the start parameter names, in the language', () => {
    expect(launchTarget({ ...base, pathname: '/', languageCode: 'en', startParam: 'lot-7' })).toBe('/en/numbers?lot=7');
    expect(launchTarget({ ...base, startParam: 'number-998901234567' })).toBe('/numbers?mask=901234567');
    expect(launchTarget({ ...base, languageCode: 'uz', startParam: 'category-platinum' })).toBe('/uz/numbers?category=platinum');
  });
});
