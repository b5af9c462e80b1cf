import fs from 'node:fs';
import path from 'node:path';
import uzCatalogue from '../locales/uz.json';
import { BRAND_NAMES, toUzbekCyrillic as t, toUzbekCyrillicCatalogue } from './uzbek-cyrillic';

// Read as data: shared/ imports nothing from server/ (.dependency-cruiser.cjs, shared-is-a-leaf).
const uzMessages: unknown = JSON.parse(fs.readFileSync(path.join(__dirname, '../server/api/messages/uz.json'), 'utf8'));

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
