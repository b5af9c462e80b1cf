import en from './en.json';
import ru from './ru.json';
import uz from './uz.json';
import { API_MESSAGES } from '../server/api/messages';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

type TextsByLanguage = Record<'ru' | 'en' | 'uz', Map<string, string>>;
const siteTexts: TextsByLanguage = { ru: flatten(ru as Tree), en: flatten(en as Tree), uz: flatten(uz as Tree) };
/** The API's own messages (server/api/messages/), translated by the API with i18next. */
const apiMessages: TextsByLanguage = {
  ru: flatten(API_MESSAGES.ru as Tree),
  en: flatten(API_MESSAGES.en as Tree),
  uz: flatten(API_MESSAGES.uz as Tree),
};

describe.each([
  ["the site's texts (locales/)", siteTexts],
  ["the API's messages (server/api/messages/)", apiMessages],
])('%s', (_name, texts) => {
  const allKeys = new Set(Object.values(texts).flatMap((c) => [...c.keys()]));

  it.each(Object.keys(texts) as (keyof TextsByLanguage)[])('%s has every key, none empty', (lang) => {
    const strings = texts[lang];
    const missing = [...allKeys].filter((key) => !strings.has(key));
    const empty = [...strings].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(missing).toEqual([]);
    expect(empty).toEqual([]);
  });

  it('use the same interpolation variables in every language', () => {
    const vars = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort().join(',');
    const mismatched = [...allKeys].filter((key) => new Set(Object.values(texts).map((c) => vars(c.get(key) ?? ''))).size > 1);
    expect(mismatched).toEqual([]);
  });
});

describe('the site and the API', () => {
  it('word the same messages the same way in every language: validation, identification hints, the activation answers', () => {
    const pairs: Array<[string, string]> = [
      ...[...apiMessages.en.keys()].filter((key) => key.startsWith('validation.')).map((key): [string, string] => [key, key]),
      ...[...apiMessages.en.keys()]
        .filter((key) => key.startsWith('identification.'))
        .map((key): [string, string] => [key, key.replace('identification.', 'identification.rejections.')]),
      ['order.activated', 'messages.activated'],
      ['order.notActivated', 'messages.notActivated'],
    ];
    expect(pairs.length).toBeGreaterThan(15);
    for (const lang of ['ru', 'en', 'uz'] as const) {
      for (const [apiKey, siteKey] of pairs) {
        expect([lang, apiKey, apiMessages[lang].get(apiKey)]).toEqual([lang, apiKey, siteTexts[lang].get(siteKey)]);
      }
    }
  });
});

describe('the locale texts', () => {
  it('hold the specification messages word for word in English', () => {
    const messages = [...siteTexts.en.values()];
    for (const text of [
      'The booking time has expired. Please select it again.',
      'The booking time expires in 5 minutes!',
      'The booking time expires in 1 minutes!',
      'First you need to select a number',
      'First you need to register',
      'Your number has not been activated. Please double check the payment!',
      'The number was successfully activated!',
      'The date format is incorrect. Correct format: dd.mm.yyyy',
      'Fill out the form in full and confirm the contract.',
      "I've already paid",
      'Try Again',
      'Retry',
      'Support Service',
      'Page Not Found',
      'Page not found: {{path}}',
      'Internal Server Error',
    ]) {
      expect(messages).toContain(text);
    }
  });

  it('translate the specification messages rather than copy the English', () => {
    for (const key of [
      'messages.bookingExpired',
      'messages.notActivated',
      'validation.dateFormat',
      'validation.formIncomplete',
      'actions.supportService',
    ]) {
      expect(siteTexts.ru.get(key)).not.toBe(siteTexts.en.get(key));
      expect(siteTexts.uz.get(key)).not.toBe(siteTexts.en.get(key));
      expect(siteTexts.ru.get(key)).toMatch(/[а-яё]/i);
    }
  });
});
