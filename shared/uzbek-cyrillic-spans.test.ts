import { BRAND_NAMES, toUzbekCyrillic as t } from './uzbek-cyrillic';

describe('protected spans', () => {
  const REQUIRED_BRANDS = [
    'Oq',
    'Uzum',
    'Click',
    'Payme',
    'Uzcard',
    'Humo',
    'Visa',
    'Mastercard',
    'Apple',
    'Google',
    'Android',
    'iPhone',
    'iOS',
    'Samsung',
    'Telegram',
    'eSIM',
    'QR',
    'OneID',
    'MyID',
    'Wi-Fi',
    'USSD',
    'API',
    'PDF',
    'LTE',
    'VoLTE',
    'JSON',
  ];

  it('lists every required brand', () => {
    expect(BRAND_NAMES).toEqual(expect.arrayContaining(REQUIRED_BRANDS));
    expect(new Set(BRAND_NAMES).size).toBe(BRAND_NAMES.length);
  });

  it.each(BRAND_NAMES.map((brand) => [brand]))('keeps the brand %s, alone and in a sentence', (brand) => {
    expect(t(brand)).toBe(brand);
    expect(t(`${brand} orqali`)).toBe(`${brand} орқали`);
    expect(t(`Yangi: ${brand}.`)).toBe(`Янги: ${brand}.`);
  });

  it.each([
    ['a suffix after a brand ending in a capital', 'eSIMni', 'eSIMни'],
    ['a hyphenated suffix', 'eSIM-ingiz', 'eSIM-ингиз'],
    ['a case ending', 'Telegramda', 'Telegramда'],
    ['a possessive and a case ending', 'e-mailingizga', 'e-mailингизга'],
    ['a brand of two words', 'Click Up ilovasi', 'Click Up иловаси'],
    ['a brand of two words, non-breaking space', 'Uzum\u00A0Bank', 'Uzum\u00A0Bank'],
    ['a case ending after Oq', 'Oqda', 'Oqда'],
    ['no possessive after Oq: a word of its own', 'Oqim', 'Оқим'],
    ['a word that only starts with a brand', 'Oqibat', 'Оқибат'],
    ['brands are case-sensitive: white', 'oq', 'оқ'],
    ['brands are case-sensitive: grapes', 'uzum', 'узум'],
    ['a brand glued after a letter and an apostrophe is no brand', 'qoʻOq', 'қўОқ'],
  ])('%s: %s → %s', (_rule, latin, cyrillic) => {
    expect(t(latin)).toBe(cyrillic);
  });

  it.each([
    ['an interpolation', '{{count}} ta raqam', '{{count}} та рақам'],
    ['an interpolation with a format', '{{ value, number }} soʻm', '{{ value, number }} сўм'],
    ['an interpolation glued to a suffix', '{{number}}ni tanlang', '{{number}}ни танланг'],
    ['nesting', '$t(common.brand) haqida', '$t(common.brand) ҳақида'],
    ['nesting with options', '$t(units.gb, {"value": "yes"}) bor', '$t(units.gb, {"value": "yes"}) бор'],
    ['numbered Trans tags', '<1>bosing</1>', '<1>босинг</1>'],
    ['a self-closing Trans tag', '<0>Yangi</0> raqam<2/>tanlang', '<0>Янги</0> рақам<2/>танланг'],
    ['named Trans tags', '<strong>Oq</strong> kuni<br/>va<br />tun', '<strong>Oq</strong> куни<br/>ва<br />тун'],
    ['an https URL', 'https://oq.uz/uz/news?page=2 sahifasi', 'https://oq.uz/uz/news?page=2 саҳифаси'],
    ['an http URL before a full stop', 'Manzil: http://example.uz/yordam.', 'Манзил: http://example.uz/yordam.'],
    ['a www address', 'www.oq.uz ga kiring', 'www.oq.uz га киринг'],
    ['an e-mail address', 'info@oq.uz ga yozing', 'info@oq.uz га ёзинг'],
    ['a dotted e-mail address', 'yordam.xizmati@example.uz', 'yordam.xizmati@example.uz'],
    ['a domain', 'oq.uz saytida', 'oq.uz сайтида'],
    ['another domain', 'example.uz', 'example.uz'],
    ['a domain with a path', 'my.oq.uz/toʻlov', 'my.oq.uz/toʻlov'],
    ['a phone number', '+998 90 123 45 67 ga qoʻngʻiroq qiling', '+998 90 123 45 67 га қўнғироқ қилинг'],
    ['a phone mask', '+998 XX XXX XX XX formatida', '+998 XX XXX XX XX форматида'],
    ['a digit mask', 'XX XXX XX XX', 'XX XXX XX XX'],
    ['a dashed mask', 'XXX-XX', 'XXX-XX'],
    ['a dashed letter mask', 'XXX-YY-YY kabi', 'XXX-YY-YY каби'],
    ['an underscore mask', '___-xx-yy va __', '___-xx-yy ва __'],
    ['a hash mask', '##-## raqam', '##-## рақам'],
    ['a lone X', 'iPhone 8 va X da', 'iPhone 8 ва X да'],
    ['a word with a digit: 4G', '4G tarmogʻi', '4G тармоғи'],
    ['5G', '5G', '5G'],
    ['A1', 'A1 toifasi', 'A1 тоифаси'],
    ['3DS', '3DS kodi', '3DS коди'],
    ['a passport number', 'masalan AA1234567.', 'масалан AA1234567.'],
  ])('%s: %s → %s', (_name, latin, cyrillic) => {
    expect(t(latin)).toBe(cyrillic);
  });

  it('transliterates a hyphenated word that is no mask', () => {
    expect(t('Kecha-kunduz, 1-qavat, 31-avgustgacha')).toBe('Кеча-кундуз, 1-қават, 31-августгача');
  });
});
