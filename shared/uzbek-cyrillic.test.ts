import fs from 'node:fs';
import path from 'node:path';
import uzCatalogue from '../locales/uz.json';
import exceptionsFile from './uzbek-cyrillic-exceptions.json';
import { BRAND_NAMES, toUzbekCyrillic, toUzbekCyrillicByRules, toUzbekCyrillicCatalogue } from './uzbek-cyrillic';

const t = toUzbekCyrillic;
// Read as data: shared/ imports nothing from server/ (.dependency-cruiser.cjs, shared-is-a-leaf).
const uzMessages: unknown = JSON.parse(fs.readFileSync(path.join(__dirname, '../server/api/messages/uz.json'), 'utf8'));

describe('letters', () => {
  const LETTERS: [string, string][] = [
    ['a', 'а'],
    ['b', 'б'],
    ['d', 'д'],
    ['e', 'е'],
    ['f', 'ф'],
    ['g', 'г'],
    ['h', 'ҳ'],
    ['i', 'и'],
    ['j', 'ж'],
    ['k', 'к'],
    ['l', 'л'],
    ['m', 'м'],
    ['n', 'н'],
    ['o', 'о'],
    ['p', 'п'],
    ['q', 'қ'],
    ['r', 'р'],
    ['s', 'с'],
    ['t', 'т'],
    ['u', 'у'],
    ['v', 'в'],
    ['x', 'х'],
    ['y', 'й'],
    ['z', 'з'],
  ];

  it.each(LETTERS)('%s → %s, upper case kept', (latin, cyrillic) => {
    expect(t(`a${latin}`)).toBe(`а${cyrillic}`);
    expect(t(`A${latin.toUpperCase()}`)).toBe(`А${cyrillic.toUpperCase()}`);
  });
});

describe('digraphs and position rules', () => {
  it.each([
    ['sh', 'shahar', 'шаҳар'],
    ['Sh (title case)', 'Shahar', 'Шаҳар'],
    ['SH (upper case)', 'SHAHAR', 'ШАҲАР'],
    ['sh inside a word', 'Mashrab', 'Машраб'],
    ['ch', 'chiroyli', 'чиройли'],
    ['Ch (title case)', 'Chorsu', 'Чорсу'],
    ['CH (upper case)', 'CHOY', 'ЧОЙ'],
    ['ng stays н+г', 'tong', 'тонг'],
    ['ng inside a word', 'Mening', 'Менинг'],
    ['yo', 'yoki', 'ёки'],
    ['Yo (title case)', 'Yoki', 'Ёки'],
    ['YO (upper case)', 'YOKI', 'ЁКИ'],
    ['yo after a consonant', 'Bunyodkor', 'Бунёдкор'],
    ['yoʻ is й+ў, not ё', 'yoʻq', 'йўқ'],
    ['YOʻ is Й+Ў', 'YOʻQ', 'ЙЎҚ'],
    ['yu', 'yuqori', 'юқори'],
    ['Yu (title case)', 'Yunusobod', 'Юнусобод'],
    ['ya', 'yaqin', 'яқин'],
    ['YA (upper case)', 'YANGI', 'ЯНГИ'],
    ['ya after a consonant', 'Turkiya', 'Туркия'],
    ['ye at a word start', 'yetti', 'етти'],
    ['Ye at a word start', 'Yer', 'Ер'],
    ['YE at a word start', 'YER', 'ЕР'],
    ['ye after a vowel', 'reyestr', 'реестр'],
    ['ye after a consonant is й+е', 'sye', 'сйе'],
    ['e at a word start', 'eng', 'энг'],
    ['E at a word start', 'Endi', 'Энди'],
    ['E in an upper-case word start', 'ENDI', 'ЭНДИ'],
    ['e at the start of each word', 'elektron effekt', 'электрон эффект'],
    ['e inside a word', 'kelmoq', 'келмоқ'],
    ['e after a vowel is е', 'poezd', 'поезд'],
    ['e at the start after a hyphen', 'SIM-e', 'СИМ-э'],
    ['ts is т+с (ц only from the exceptions)', 'Fitrat', 'Фитрат'],
    ['an all-caps abbreviation', 'JSHSHIR', 'ЖШШИР'],
    ['a mixed-case abbreviation', 'JShShIR', 'ЖШШИР'],
    ['SMS is an ordinary word', 'SMS', 'СМС'],
    ['GB', 'GB', 'ГБ'],
    ['MB', 'MB', 'МБ'],
    ['SIM', 'SIM', 'СИМ'],
  ])('%s: %s → %s', (_rule, latin, cyrillic) => {
    expect(t(latin)).toBe(cyrillic);
  });
});

describe('apostrophes', () => {
  const FORMS: [string, string][] = [
    ['U+02BB ʻ', '\u02BB'],
    ['U+02BC ʼ', '\u02BC'],
    ['U+2019 ’', '\u2019'],
    ["U+0027 '", "'"],
    ['U+0060 `', '`'],
    ['U+2018 ‘', '\u2018'],
  ];

  describe.each(FORMS)('%s', (_name, a) => {
    it.each([
      ['oʻ → ў', `o${a}zbek`, 'ўзбек'],
      ['Oʻ → Ў', `O${a}zbekiston`, 'Ўзбекистон'],
      ['oʻ inside a word', `qo${a}ng${a}iroq`, 'қўнғироқ'],
      ['gʻ → ғ', `g${a}alaba`, 'ғалаба'],
      ['Gʻ → Ғ', `G${a}arbiy`, 'Ғарбий'],
      ['gʻ at a word end', `bog${a}`, 'боғ'],
      ['ъ between letters', `ma${a}no`, 'маъно'],
      ['ъ after n', `san${a}at`, 'санъат'],
      ['ъ in a title-case word', `Qur${a}on`, 'Қуръон'],
      ['ъ in an upper-case word', `MA${a}NO`, 'МАЪНО'],
      ["s'h is с+ҳ, not ш", `Is${a}hoq`, 'Исҳоқ'],
      ['yoʻ', `yo${a}l`, 'йўл'],
    ])('%s: %s → %s', (_rule, latin, cyrillic) => {
      expect(t(latin)).toBe(cyrillic);
    });
  });

  it.each([
    ['quotes around a word', "'salom'", "'салом'"],
    ['typographic single quotes', '‘Salom’ dedi', '‘Салом’ деди'],
    ['a quoted word with a tutuq belgisi', "'Qur'on'", "'Қуръон'"],
    ['an apostrophe after a space', "yana ' bir", "яна ' бир"],
    ['double quotes', '“Oq” va «Yangi»', '“Oq” ва «Янги»'],
  ])('punctuation stays: %s', (_rule, latin, cyrillic) => {
    expect(t(latin)).toBe(cyrillic);
  });
});

describe('what passes through unchanged', () => {
  it.each([
    ['Cyrillic', 'Салом, дўст! Ўзбекча'],
    ['digits and punctuation', '123 456,78 — 50% (+1) … · → *#06#'],
    ['emoji', '👋🙂'],
    ['non-breaking and thin spaces', '\u00A0\u202F\u2009'],
    ['an empty string', ''],
  ])('%s', (_name, text) => {
    expect(t(text)).toBe(text);
  });

  it('keeps the characters around transliterated words', () => {
    expect(t('Salom,\u00A0dunyo! 👋 Ўзбек tili')).toBe('Салом,\u00A0дунё! 👋 Ўзбек тили');
  });

  it.each(['Cashback', 'Windows', 'Acme'])('keeps a foreign word with a letter Uzbek lacks (w, c outside ch): %s', (word) => {
    expect(t(`${word} xizmati`)).toBe(`${word} хизмати`);
  });

  it.each([
    ['KKOOYY', 'ККООЙЙ'],
    ['YYOOKK', 'ЙЙООКК'],
    ['YYYY', 'ЙЙЙЙ'],
    ['kk.oo.yyyy', 'кк.оо.йййй'],
  ])('goes letter by letter, without digraphs, through a date mask: %s → %s', (latin, cyrillic) => {
    expect(t(latin)).toBe(cyrillic);
  });
});

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

describe('the exceptions file', () => {
  const WORDS = Object.entries(exceptionsFile.words as Record<string, string>);

  it('lists lower-case Latin stems, alphabetically, with lower-case Cyrillic forms', () => {
    expect(WORDS.length).toBeGreaterThan(0);
    const keys = WORDS.map(([latin]) => latin);
    expect(keys).toEqual([...keys].sort());
    for (const [latin, cyrillic] of WORDS) {
      expect(latin).toMatch(/^[a-z]+$/);
      expect(cyrillic).toMatch(/^[а-яёўқғҳ]+$/);
    }
  });

  it.each(WORDS)('%s → %s, which the rules alone do not give', (latin, cyrillic) => {
    expect(t(latin)).toBe(cyrillic);
    expect(toUzbekCyrillicByRules(latin)).not.toBe(cyrillic);
  });

  it.each(WORDS)('%s keeps the case of the source word', (latin, cyrillic) => {
    expect(t(latin[0].toUpperCase() + latin.slice(1))).toBe(cyrillic[0].toUpperCase() + cyrillic.slice(1));
    expect(t(latin.toUpperCase())).toBe(cyrillic.toUpperCase());
  });

  it.each(WORDS)('%s is a stem: Uzbek suffixes follow by the rules, a final ь dropping before them', (latin, cyrillic) => {
    const stem = cyrillic.replace(/ь$/, '');
    expect(t(`${latin}dan`)).toBe(`${stem}дан`);
    expect(t(`${latin}larni`)).toBe(`${stem}ларни`);
    expect(t(`${latin}ingizga`)).toBe(`${stem}ингизга`);
    expect(t(`${latin.toUpperCase()}DA`)).toBe(`${stem.toUpperCase()}ДА`);
  });

  it.each([
    ['a stem with suffixes', 'identifikatsiyadan', 'идентификациядан'],
    ['title case', 'Oktabr', 'Октябрь'],
    ['upper case', 'OKTABR', 'ОКТЯБРЬ'],
    ['ь dropped before a suffix', 'fevraldagi', 'февралдаги'],
    ['a loanword with ъ', 'obyekti', 'объекти'],
    ['not a stem when the rest is no suffix (sirka, vinegar)', 'sirka', 'сирка'],
    ['not inside a word', 'bir sirk', 'бир цирк'],
  ])('%s: %s → %s', (_rule, latin, cyrillic) => {
    expect(t(latin)).toBe(cyrillic);
  });

  it.each([
    ['internet', 'интернет'],
    ['kompaniya', 'компания'],
    ['kompaniyasi', 'компанияси'],
    ['kompaniyalar', 'компаниялар'],
    ['kategoriya', 'категория'],
    ['konstruktor', 'конструктор'],
    ['tarif', 'тариф'],
    ['abonent', 'абонент'],
    ['prezident', 'президент'],
    ['ofis', 'офис'],
    ['komissiya', 'комиссия'],
    ['Sessiya', 'Сессия'],
    ['markaz', 'марказ'],
    ['Menyu', 'Меню'],
  ])('needs no entry for a loanword the rules get right: %s → %s', (latin, cyrillic) => {
    expect(Object.keys(exceptionsFile.words)).not.toContain(latin.toLowerCase());
    expect(t(latin)).toBe(cyrillic);
  });
});

describe('sentences of the site', () => {
  it.each([
    ['Bu yerda hozircha koʻrsatadigan narsa yoʻq: xarid yoʻq.', 'Бу ерда ҳозирча кўрсатадиган нарса йўқ: харид йўқ.'],
    [
      'Kuryer SIM-kartani {{address}} manziliga olib keladi va oldindan qoʻngʻiroq qiladi.',
      'Курьер СИМ-картани {{address}} манзилига олиб келади ва олдиндан қўнғироқ қилади.',
    ],
    ['Uzcard, Humo, Visa yoki Mastercard.', 'Uzcard, Humo, Visa ёки Mastercard.'],
    ['Click Up yoki Click ga ulangan karta orqali toʻlash.', 'Click Up ёки Click га уланган карта орқали тўлаш.'],
    ['Unga SMS-kod yuboramiz. Format: +998 XX XXX XX XX', 'Унга СМС-код юборамиз. Формат: +998 XX XXX XX XX'],
    ['Identifikatsiyadan qanday oʻtmoqchisiz?', 'Идентификациядан қандай ўтмоқчисиз?'],
    [
      'Selfi oynadagidek aks etgan. Asosiy kamerada suratga oling yoki oyna effektini oʻchirib, qayta urinib koʻring.',
      'Селфи ойнадагидек акс этган. Асосий камерада суратга олинг ёки ойна эффектини ўчириб, қайта уриниб кўринг.',
    ],
    [
      'Oq — Oʻzbekistondagi raqamli mobil operator: chiroyli raqamlar, oʻzingiz yigʻadigan tariflar, eSIM va onlayn identifikatsiya.',
      'Oq — Ўзбекистондаги рақамли мобил оператор: чиройли рақамлар, ўзингиз йиғадиган тарифлар, eSIM ва онлайн идентификация.',
    ],
    [
      'Takliflar aksiya kuni Toshkent vaqti bilan soat 23:59 gacha amal qiladi.',
      'Таклифлар акция куни Тошкент вақти билан соат 23:59 гача амал қилади.',
    ],
    [
      'Istalgan telefonni oʻzingiz tekshiring: *#06# ni tering. Ekranda EID qatori boʻlsa, telefonda eSIM bor.',
      'Исталган телефонни ўзингиз текширинг: *#06# ни теринг. Экранда EID қатори бўлса, телефонда eSIM бор.',
    ],
    [
      'Tugʻilgan sana ushbu hujjat boʻyicha davlat reyestri maʼlumotlariga mos kelmaydi.',
      'Туғилган сана ушбу ҳужжат бўйича давлат реестри маълумотларига мос келмайди.',
    ],
    ['Sana formati notoʻgʻri. Toʻgʻri format: kk.oo.yyyy', 'Сана формати нотўғри. Тўғри формат: кк.оо.йййй'],
    ['© OpenStreetMap hissa qoʻshuvchilari', '© OpenStreetMap ҳисса қўшувчилари'],
    [
      'Eksklyuziv raqamlar eng yuqori taklifga beriladi. Soʻnggi daqiqalardagi taklif auksionni uzaytiradi.',
      'Эксклюзив рақамлар энг юқори таклифга берилади. Сўнгги дақиқалардаги таклиф аукционни узайтиради.',
    ],
    [
      'Bu telefonda eSIM qoʻllab-quvvatlanishi mumkin: iPhone XS, XR va yangiroqlarida bor, iPhone 8 va X da yoʻq.',
      'Бу телефонда eSIM қўллаб-қувватланиши мумкин: iPhone XS, XR ва янгироқларида бор, iPhone 8 ва X да йўқ.',
    ],
    [
      'Sozlamalar → Uyali aloqa → eSIM qoʻshish → QR-koddan foydalanish → Maʼlumotlarni qoʻlda kiritish, soʻng SM-DP+ manzili va faollashtirish kodini kiriting.',
      'Созламалар → Уяли алоқа → eSIM қўшиш → QR-коддан фойдаланиш → Маълумотларни қўлда киритиш, сўнг SM-DP+ манзили ва фаоллаштириш кодини киритинг.',
    ],
    [
      'Hujjatning amal qilish muddati tugagan. Amaldagi pasport yoki ID-karta yoxud JSHSHIRdan foydalaning.',
      'Ҳужжатнинг амал қилиш муддати тугаган. Амалдаги паспорт ёки ID-карта ёхуд ЖШШИРдан фойдаланинг.',
    ],
    ['Savdo nuqtalari filtri', 'Савдо нуқталари фильтри'],
    ['Asosiy navigatsiya', 'Асосий навигация'],
    ['“{{title}}” yangiligi uchun rasm', '“{{title}}” янгилиги учун расм'],
    [
      'Soʻrov tanasi JSON formatida boʻlishi kerak (Content-Type: application/json).',
      'Сўров танаси JSON форматида бўлиши керак (Content-Type: application/json).',
    ],
    ['Soʻrov tanasi JSON obyekti boʻlishi kerak.', 'Сўров танаси JSON объекти бўлиши керак.'],
    ['Nomaʼlum maydon: «{{field}}».', 'Номаълум майдон: «{{field}}».'],
    ['Ichan qalʼaning Gʻarbiy darvozasi yonida', 'Ичан қалъанинг Ғарбий дарвозаси ёнида'],
    ['Savitskiy muzeyi yonida', 'Савицкий музейи ёнида'],
    ['Video va ish uchun koʻp internet, tunda yana 50 GB.', 'Видео ва иш учун кўп интернет, тунда яна 50 ГБ.'],
    ['Oq Max', 'Oq Макс'],
    ['Oq Ultra', 'Oq Ультра'],
    [
      'eSIMni saytda rasmiylashtiring: QR-kod koʻrsatilgan e-mailga darhol keladi.',
      'eSIMни сайтда расмийлаштиринг: QR-код кўрсатилган e-mailга дарҳол келади.',
    ],
  ])('%s', (latin, cyrillic) => {
    expect(t(latin)).toBe(cyrillic);
  });

  // A new Latin word in the Uzbek texts is either an Uzbek word (transliterated) or a brand (BRAND_NAMES).
  it.each([
    ['locales/uz.json', uzCatalogue],
    ['server/api/messages/uz.json', uzMessages],
  ])('leaves no Latin in %s but protected spans', (_file, catalogue) => {
    const strings: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') strings.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(toUzbekCyrillicCatalogue(catalogue));
    const brands = [...BRAND_NAMES].sort((a, b) => b.length - a.length);
    const left = new Set<string>();
    for (const text of strings) {
      let rest = text.replace(/\{\{[\s\S]*?\}\}|\$t\([^)]*\)|<\/?[A-Za-z0-9]+\s*\/?>/g, ' ');
      for (const brand of brands) rest = rest.split(brand).join(' ');
      for (const word of rest.match(/[A-Za-z0-9#_+-]*[A-Za-z][A-Za-z0-9#_+-]*/g) ?? []) {
        const code = /[0-9]/.test(word);
        const mask = /^(?:[Xx]+|([A-Za-z])\1*|_+|#+)(?:-(?:([A-Za-z])\2*|_+|#+|[0-9]+))*$/.test(word) && /[Xx#_]/.test(word);
        if (!code && !mask) left.add(word);
      }
    }
    expect([...left]).toEqual([]);
  });

  // What the site shows in Cyrillic, transliterated again, stays as it is: a check of a rendered page can tell
  // a text that escaped transliteration from one that went through it.
  it.each([
    ['locales/uz.json', uzCatalogue],
    ['server/api/messages/uz.json', uzMessages],
  ])('gives texts of %s that a second pass leaves as they are', (_file, catalogue) => {
    const once = toUzbekCyrillicCatalogue(catalogue);
    expect(toUzbekCyrillicCatalogue(once)).toEqual(once);
  });
});

describe('toUzbekCyrillicCatalogue', () => {
  const source = {
    title: 'Yangi raqam',
    yangi: 'Yangi',
    nested: { list: ['Oq ga xush kelibsiz', 'yoʻq', 3, null, { deep: 'chiroyli' }], count: 5, on: true, none: null },
    kept: { name: 'Oʻzbekcha', other: 'Salom' },
  };

  it('transliterates every string, at any depth and in arrays, and keeps keys and non-strings', () => {
    expect(toUzbekCyrillicCatalogue(source)).toEqual({
      title: 'Янги рақам',
      yangi: 'Янги',
      nested: { list: ['Oq га хуш келибсиз', 'йўқ', 3, null, { deep: 'чиройли' }], count: 5, on: true, none: null },
      kept: { name: 'Ўзбекча', other: 'Салом' },
    });
  });

  it('leaves its input as it was', () => {
    const copy = JSON.parse(JSON.stringify(source));
    toUzbekCyrillicCatalogue(source);
    expect(source).toEqual(copy);
  });

  it('keeps a value, a string or a whole branch, for which keep(path) is true', () => {
    const out = toUzbekCyrillicCatalogue(source, (p) => p === 'kept.name' || p === 'nested.list.1' || p === 'nested.list.4');
    expect(out.kept).toEqual({ name: 'Oʻzbekcha', other: 'Салом' });
    expect(out.nested.list).toEqual(['Oq га хуш келибсиз', 'yoʻq', 3, null, { deep: 'chiroyli' }]);
    expect(out.nested.list[4]).toBe(source.nested.list[4]);
  });

  it('asks keep() with dot-joined paths, array indexes included', () => {
    const paths: string[] = [];
    toUzbekCyrillicCatalogue({ a: { b: ['x', { c: 'y' }] }, d: 'z' }, (p) => {
      paths.push(p);
      return false;
    });
    expect(paths).toEqual(['a', 'a.b', 'a.b.0', 'a.b.1', 'a.b.1.c', 'd']);
  });

  it('transliterates a catalogue that is a single string or an array', () => {
    expect(toUzbekCyrillicCatalogue('Salom')).toBe('Салом');
    expect(toUzbekCyrillicCatalogue(['bir', 'ikki'])).toEqual(['бир', 'икки']);
  });
});

describe('the module', () => {
  it('gives the same answers after more distinct texts than its cache holds', () => {
    for (let i = 0; i < 6000; i++) expect(t(`raqam ${i}`)).toBe(`рақам ${i}`);
    expect(t('Yangi raqam')).toBe('Янги рақам');
    expect(t('Yangi raqam')).toBe('Янги рақам');
  });

  it('uses no regex lookbehind (the browser bundle targets Safari 15) and no node: import', () => {
    const source = fs.readFileSync(path.join(__dirname, 'uzbek-cyrillic.ts'), 'utf8');
    expect(source).not.toMatch(/\(\?<[=!]/);
    expect(source).not.toMatch(/from 'node:/);
  });
});
