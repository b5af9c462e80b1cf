import { languageOfAcceptLanguage } from './accept-language';

describe('languageOfAcceptLanguage', () => {
  it.each([
    ['uz-Cyrl', 'uz-cyrl'],
    ['uz-Cyrl-UZ', 'uz-cyrl'],
    ['uz-cyrl', 'uz-cyrl'],
    ['uz', 'uz'],
    ['uz-UZ', 'uz'],
    ['uz-Latn-UZ', 'uz'],
    ['en-US,en;q=0.9', 'en'],
    ['ru-RU', 'ru'],
    ['en-US;q=0.3, uz-Cyrl;q=0.9', 'uz-cyrl'],
    ['de-DE, uz;q=0.5', 'uz'],
    ['uz-Cyrl;q=0, en;q=0.1', 'en'],
    ['de-DE, fr', null],
    ['', null],
  ])('%j picks %j', (header, expected) => {
    expect(languageOfAcceptLanguage(header)).toBe(expected);
  });
});
