import ru from '../../../locales/ru.json';
import en from '../../../locales/en.json';
import { createI18n } from '../../../client/framework/i18n';
import { memoizeTranslations } from './translation-memo';

describe('remembered translations', () => {
  it('answer exactly what i18next answers, with and without options, in every language', () => {
    for (const [lang, strings] of [
      ['ru', ru],
      ['en', en],
    ] as const) {
      const plain = createI18n(lang, strings).getFixedT(lang);
      const memo = memoizeTranslations(createI18n(lang, strings)).getFixedT(lang);
      for (const key of ['nav.numbers', 'tariffs.units.gb', 'home.numbers.available', 'no.such.key']) {
        for (const options of [undefined, { value: 5 }, { value: '12 000' }, { count: 2 }]) {
          expect(memo(key, options)).toBe(plain(key, options));
          // The second answer comes from memory and is the same.
          expect(memo(key, options)).toBe(plain(key, options));
        }
      }
    }
  });

  it('keep calls with different options apart', () => {
    const t = memoizeTranslations(createI18n('en', en)).getFixedT('en');
    const one = t('home.numbers.available', { value: '1' });
    const two = t('home.numbers.available', { value: '2' });
    expect(one).not.toBe(two);
    expect(one).toContain('1');
    expect(two).toContain('2');
  });

  it('ask i18next once for a repeated call, and every time for options that are not plain values', () => {
    const instance = memoizeTranslations(createI18n('en', en));
    const spy = jest.spyOn(instance, 't');
    const t = instance.getFixedT('en');
    for (let i = 0; i < 5; i += 1) t('nav.news');
    expect(spy).toHaveBeenCalledTimes(1);
    const value = { toString: () => 'x' };
    t('home.numbers.available', { value });
    t('home.numbers.available', { value });
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('stay within their bound', () => {
    const instance = memoizeTranslations(createI18n('en', en), 50);
    const spy = jest.spyOn(instance, 't');
    const t = instance.getFixedT('en');
    for (let i = 0; i < 200; i += 1) t('home.numbers.available', { value: i });
    // The first answers were dropped to make room: asking again translates again.
    t('home.numbers.available', { value: 0 });
    expect(spy).toHaveBeenCalledTimes(201);
  });
});
