import type { Localized } from '../../../shared/localized';
import { CITIES, type PointService } from '../points-of-sale/cities';
import type { Db } from '../store/database';

export interface PointTexts {
  name: string;
  address: string;
  landmark: string;
}

/** Opening hours per day group; null = closed. Times are local (Tashkent, UTC+5). */
export interface PointHours {
  monFri: string;
  sat: string | null;
  sun: string | null;
  lunch: string | null;
}

const OFFICE: PointHours = { monFri: '09:00-18:00', sat: '09:00-18:00', sun: null, lunch: '13:00-14:00' };
const SHORT_SAT: PointHours = { monFri: '09:00-18:00', sat: '10:00-15:00', sun: null, lunch: '13:00-14:00' };
const MALL: PointHours = { monFri: '10:00-22:00', sat: '10:00-22:00', sun: '10:00-22:00', lunch: null };

type Triple = [ru: string, en: string, uz: string];
type PointRow = [
  city: string,
  dLat: number,
  dLon: number,
  street: Triple,
  house: string,
  landmark: Triple,
  services: PointService[],
  hours: PointHours,
  mall?: string,
];

const ALL: PointService[] = ['sim', 'esim', 'identification'];
const NO_ESIM: PointService[] = ['sim', 'identification'];
const SIM_ONLY: PointService[] = ['sim'];

const POINTS: PointRow[] = [
  [
    'tashkent',
    0.0121,
    -0.0006,
    ['проспект Амира Темура', 'Amir Temur Avenue', 'Amir Temur shoh koʻchasi'],
    '15',
    ['у сквера Амира Темура', 'by Amir Temur Square', 'Amir Temur xiyoboni yonida'],
    ALL,
    OFFICE,
  ],
  [
    'tashkent',
    -0.0295,
    -0.0611,
    ['улица Бунёдкор', 'Bunyodkor Street', 'Bunyodkor koʻchasi'],
    '42',
    ['напротив метро «Новза»', 'opposite Novza metro station', '«Novza» metrosi qarshisida'],
    ALL,
    OFFICE,
  ],
  [
    'tashkent',
    0.0436,
    0.0438,
    ['улица Осиё', 'Osiyo Street', 'Osiyo koʻchasi'],
    '8',
    ['у рынка «Юнусабад»', 'near Yunusobod market', '«Yunusobod» bozori yonida'],
    NO_ESIM,
    SHORT_SAT,
  ],
  [
    'tashkent',
    0.0066,
    0.0254,
    ['улица Шахрисабз', 'Shahrisabz Street', 'Shahrisabz koʻchasi'],
    '5',
    ['рядом с ТЦ Mega Planet', 'next to Mega Planet mall', 'Mega Planet savdo markazi yonida'],
    ALL,
    MALL,
    'Mega Planet',
  ],
  [
    'tashkent',
    -0.0069,
    -0.0232,
    ['улица Фурката', 'Furqat Street', 'Furqat koʻchasi'],
    '1',
    ['ТЦ Samarqand Darvoza, 1 этаж', 'Samarqand Darvoza mall, ground floor', 'Samarqand Darvoza savdo markazi, 1-qavat'],
    ALL,
    MALL,
    'Samarqand Darvoza',
  ],
  [
    'tashkent',
    0.0242,
    -0.0451,
    ['улица Лабзак', 'Labzak Street', 'Labzak koʻchasi'],
    '62',
    ['у метро «Алмазар»', 'by Olmazor metro station', '«Olmazor» metrosi yonida'],
    NO_ESIM,
    OFFICE,
  ],
  [
    'tashkent',
    -0.0512,
    0.0321,
    ['улица Фаргона йули', 'Fargona Yuli Street', 'Fargʻona yoʻli koʻchasi'],
    '27',
    ['у рынка «Куйлюк»', 'near Quyluq market', '«Quyluq» bozori yonida'],
    SIM_ONLY,
    SHORT_SAT,
  ],
  [
    'tashkent',
    0.0178,
    0.0877,
    ['улица Паркентская', 'Parkent Street', 'Parkent koʻchasi'],
    '204',
    ['у метро «Буюк Ипак Йули»', 'by Buyuk Ipak Yoli metro station', '«Buyuk Ipak Yoʻli» metrosi yonida'],
    ALL,
    OFFICE,
  ],
  [
    'tashkent',
    -0.0188,
    0.0093,
    ['улица Мирабад', 'Mirobod Street', 'Mirobod koʻchasi'],
    '30',
    ['у Мирабадского рынка', 'by Mirobod market', 'Mirobod bozori yonida'],
    NO_ESIM,
    OFFICE,
  ],
  [
    'samarkand',
    0.0049,
    0.0093,
    ['улица Регистан', 'Registon Street', 'Registon koʻchasi'],
    '12',
    ['в пяти минутах от Регистана', 'five minutes from the Registan', 'Registondan besh daqiqa'],
    ALL,
    OFFICE,
  ],
  [
    'samarkand',
    -0.0112,
    -0.0287,
    ['улица Мирзо Улугбека', 'Mirzo Ulugbek Street', 'Mirzo Ulugʻbek koʻchasi'],
    '70',
    ['у Сиабского базара', 'near Siyob bazaar', 'Siyob bozori yonida'],
    NO_ESIM,
    SHORT_SAT,
  ],
  [
    'samarkand',
    0.0203,
    -0.0141,
    ['улица Беруни', 'Beruniy Street', 'Beruniy koʻchasi'],
    '3',
    ['ТЦ Family Park', 'Family Park mall', 'Family Park savdo markazi'],
    ALL,
    MALL,
    'Family Park',
  ],
  [
    'bukhara',
    0.0021,
    0.0046,
    ['улица Бахауддина Накшбанда', 'Bahouddin Naqshband Street', 'Bahouddin Naqshband koʻchasi'],
    '19',
    ['у Ляби-хауза', 'near Lyabi-Hauz', 'Labi hovuz yonida'],
    ALL,
    OFFICE,
  ],
  [
    'bukhara',
    -0.0154,
    0.0212,
    ['улица Мустакиллик', 'Mustaqillik Street', 'Mustaqillik koʻchasi'],
    '48',
    ['у центрального рынка', 'by the central market', 'Markaziy bozor yonida'],
    SIM_ONLY,
    SHORT_SAT,
  ],
  [
    'andijan',
    0.0034,
    -0.0051,
    ['улица Навои', 'Navoiy Avenue', 'Navoiy shoh koʻchasi'],
    '21',
    ['у Бабур-парка', 'by Babur Park', 'Bobur bogʻi yonida'],
    ALL,
    OFFICE,
  ],
  [
    'andijan',
    -0.0121,
    0.0167,
    ['улица Фитрата', 'Fitrat Street', 'Fitrat koʻchasi'],
    '9',
    ['у Жаҳон бозори', 'near Jahon bazaar', 'Jahon bozori yonida'],
    NO_ESIM,
    SHORT_SAT,
  ],
  [
    'namangan',
    0.0052,
    0.0039,
    ['улица Уйчи', 'Uychi Street', 'Uychi koʻchasi'],
    '14',
    ['у парка Бабура', 'by Babur Park', 'Bobur bogʻi yonida'],
    ALL,
    OFFICE,
  ],
  [
    'namangan',
    -0.0097,
    -0.0188,
    ['улица Машраба', 'Mashrab Street', 'Mashrab koʻchasi'],
    '33',
    ['у Чорсу', 'near Chorsu', 'Chorsu yonida'],
    SIM_ONLY,
    SHORT_SAT,
  ],
  [
    'fergana',
    0.0027,
    0.0018,
    ['улица Аль-Фергани', 'Al-Fargoniy Street', 'Al-Fargʻoniy koʻchasi'],
    '6',
    ['у городского парка', 'by the city park', 'Shahar bogʻi yonida'],
    ALL,
    OFFICE,
  ],
  [
    'fergana',
    -0.0131,
    0.0209,
    ['улица Маргиланская', 'Margilon Street', 'Margʻilon koʻchasi'],
    '55',
    ['у Фергана-Сити', 'near Fergana City mall', 'Fargʻona Siti yonida'],
    NO_ESIM,
    MALL,
    'Fergana City',
  ],
  [
    'kokand',
    0.0044,
    -0.0032,
    ['улица Истиклол', 'Istiqlol Street', 'Istiqlol koʻchasi'],
    '11',
    ['у дворца Худояр-хана', 'near the Khudayar Khan Palace', 'Xudoyorxon oʻrdasi yonida'],
    NO_ESIM,
    OFFICE,
  ],
  [
    'nukus',
    0.0031,
    0.0054,
    ['улица Досназарова', 'Dosnazarov Street', 'Dosnazarov koʻchasi'],
    '40',
    ['у музея Савицкого', 'near the Savitsky Museum', 'Savitskiy muzeyi yonida'],
    ALL,
    OFFICE,
  ],
  [
    'nukus',
    -0.0142,
    -0.0117,
    ['улица Бердаха', 'Berdakh Avenue', 'Berdaq shoh koʻchasi'],
    '2',
    ['у центрального базара', 'by the central bazaar', 'Markaziy bozor yonida'],
    SIM_ONLY,
    SHORT_SAT,
  ],
  [
    'qarshi',
    0.0039,
    0.0071,
    ['улица Насафи', 'Nasafiy Street', 'Nasafiy koʻchasi'],
    '17',
    ['у площади Мустакиллик', 'by Mustaqillik Square', 'Mustaqillik maydoni yonida'],
    ALL,
    OFFICE,
  ],
  [
    'termez',
    0.0025,
    -0.0046,
    ['улица Ат-Термизи', 'At-Termiziy Street', 'At-Termiziy koʻchasi'],
    '25',
    ['у городского хокимията', 'by the city administration', 'Shahar hokimligi yonida'],
    ALL,
    OFFICE,
  ],
  [
    'urgench',
    0.0036,
    0.0029,
    ['улица Аль-Хорезми', 'Al-Khwarizmi Street', 'Al-Xorazmiy koʻchasi'],
    '31',
    ['у центрального парка', 'by the central park', 'Markaziy bogʻ yonida'],
    ALL,
    OFFICE,
  ],
  [
    'khiva',
    0.0018,
    0.0081,
    ['улица Палвана Кори', 'Polvon Qori Street', 'Polvon Qori koʻchasi'],
    '4',
    ['у Западных ворот Ичан-калы', 'by the West Gate of Itchan Kala', 'Ichan qalʼaning Gʻarbiy darvozasi yonida'],
    NO_ESIM,
    SHORT_SAT,
  ],
  [
    'jizzakh',
    0.0041,
    -0.0022,
    ['улица Шароф Рашидова', 'Sharof Rashidov Avenue', 'Sharof Rashidov shoh koʻchasi'],
    '13',
    ['у центрального рынка', 'by the central market', 'Markaziy bozor yonida'],
    ALL,
    OFFICE,
  ],
  [
    'navoiy',
    0.0033,
    0.0061,
    ['улица Галаба', 'Galaba Avenue', 'Gʻalaba shoh koʻchasi'],
    '22',
    ['у парка Алишера Навои', 'by Alisher Navoiy Park', 'Alisher Navoiy bogʻi yonida'],
    ALL,
    OFFICE,
  ],
  [
    'guliston',
    0.0029,
    -0.0037,
    ['улица Ўзбекистон', 'Uzbekiston Street', 'Oʻzbekiston koʻchasi'],
    '7',
    ['у железнодорожного вокзала', 'near the railway station', 'Temir yoʻl vokzali yonida'],
    NO_ESIM,
    SHORT_SAT,
  ],
  [
    'chirchiq',
    0.0037,
    0.0044,
    ['улица Амира Темура', 'Amir Temur Street', 'Amir Temur koʻchasi'],
    '50',
    ['у городского рынка', 'by the city market', 'Shahar bozori yonida'],
    ALL,
    OFFICE,
  ],
  [
    'chirchiq',
    -0.0108,
    -0.0152,
    ['улица Навои', 'Navoiy Street', 'Navoiy koʻchasi'],
    '18',
    ['у Дворца культуры', 'near the Palace of Culture', 'Madaniyat saroyi yonida'],
    SIM_ONLY,
    SHORT_SAT,
  ],
];

export function pointTexts(city: string, street: Triple, house: string, landmark: Triple, mall?: string): Localized<PointTexts> {
  const c = CITIES.find((x) => x.id === city)!;
  // An office is known by its street, a shop in a mall by the mall.
  const name = (streetName: string) => (mall ? `Oq ${mall}` : `Oq, ${streetName}`);
  return {
    ru: { name: name(street[0]), address: `${c.names.ru}, ${street[0]}, ${house}`, landmark: landmark[0] },
    en: { name: name(street[1]), address: `${house} ${street[1]}, ${c.names.en}`, landmark: landmark[1] },
    uz: { name: name(street[2]), address: `${c.names.uz}, ${street[2]}, ${house}-uy`, landmark: landmark[2] },
  };
}

export function seedPoints(db: Db): void {
  const insert = db.prepare(
    'INSERT INTO points_of_sale (id, city, lat, lon, phone, services, hours, texts) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const perCity = new Map<string, number>();
  POINTS.forEach(([city, dLat, dLon, street, house, landmark, services, hours, mall], i) => {
    const c = CITIES.find((x) => x.id === city)!;
    const n = (perCity.get(city) ?? 0) + 1;
    perCity.set(city, n);
    const phone = `+99877${String(1100000 + i * 137).padStart(7, '0')}`;
    insert.run(
      `${city}-${n}`,
      city,
      Number((c.lat + dLat).toFixed(4)),
      Number((c.lon + dLon).toFixed(4)),
      phone,
      services.join(','),
      JSON.stringify(hours),
      JSON.stringify(pointTexts(city, street, house, landmark, mall)),
    );
  });
}
