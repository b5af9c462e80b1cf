import fs from 'node:fs';
import path from 'node:path';
import exceptionsFile from './uzbek-cyrillic-exceptions.json';
import { toUzbekCyrillic as t, toUzbekCyrillicByRules } from './uzbek-cyrillic';

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

describe('the module', () => {
  it('gives the same answers after more distinct texts than its cache holds', () => {
    for (let i = 0; i < 6000; i++) expect(t(`raqam ${i}`)).toBe(`рақам ${i}`);
    expect(t('Yangi raqam')).toBe('Янги рақам');
    expect(t('Yangi raqam')).toBe('Янги рақам');
  });

  it('uses no regex lookbehind (the browser bundle targets Safari 15) and no node: import', () => {
    for (const file of ['uzbek-cyrillic.ts', 'uzbek-cyrillic-words.ts', 'uzbek-cyrillic-spans.ts']) {
      const source = fs.readFileSync(path.join(__dirname, file), 'utf8');
      expect(source).not.toMatch(/\(\?<[=!]/);
      expect(source).not.toMatch(/from 'node:/);
    }
  });
});
