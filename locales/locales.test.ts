import en from './en.json';
import ru from './ru.json';
import uz from './uz.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const catalogs = { ru: flatten(ru as Tree), en: flatten(en as Tree), uz: flatten(uz as Tree) };
const allKeys = new Set(Object.values(catalogs).flatMap((c) => [...c.keys()]));

describe('the locale catalogues', () => {
  it.each(Object.keys(catalogs) as (keyof typeof catalogs)[])('%s has every key, none empty', (lang) => {
    const catalog = catalogs[lang];
    const missing = [...allKeys].filter((key) => !catalog.has(key));
    const empty = [...catalog].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(missing).toEqual([]);
    expect(empty).toEqual([]);
  });

  it('use the same interpolation variables in every language', () => {
    const vars = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort().join(',');
    const mismatched = [...allKeys].filter((key) => new Set(Object.values(catalogs).map((c) => vars(c.get(key) ?? ''))).size > 1);
    expect(mismatched).toEqual([]);
  });

  it('hold the specification messages word for word in English', () => {
    const messages = [...catalogs.en.values()];
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
      expect(catalogs.ru.get(key)).not.toBe(catalogs.en.get(key));
      expect(catalogs.uz.get(key)).not.toBe(catalogs.en.get(key));
      expect(catalogs.ru.get(key)).toMatch(/[а-яё]/i);
    }
  });
});
