import type { Localized } from '../../../shared/localized';
import type { Db } from '../store/database';

export interface TariffTexts {
  name: string;
  description: string;
  /** What the dedicated allowance is for. */
  dedicatedLabel: string;
}

interface TariffSeed {
  id: string;
  monthlyPrice: number;
  internetGb: number;
  /** null: unlimited minutes inside the country. */
  minutes: number | null;
  sms: number;
  nightInternetGb: number;
  dedicatedGb: number;
  discountPercent: number;
  texts: Localized<TariffTexts>;
}

const SOCIAL: Localized<string> = {
  ru: 'Telegram, Instagram, YouTube и TAS-IX',
  en: 'Telegram, Instagram, YouTube and TAS-IX',
  uz: 'Telegram, Instagram, YouTube va TAS-IX',
};

const TARIFFS: TariffSeed[] = [
  {
    id: 'oq-start',
    monthlyPrice: 29_000,
    internetGb: 5,
    minutes: 300,
    sms: 100,
    nightInternetGb: 0,
    dedicatedGb: 5,
    discountPercent: 50,
    texts: {
      ru: { name: 'Oq Старт', description: 'Для звонков и мессенджеров: всё нужное по честной цене.', dedicatedLabel: SOCIAL.ru },
      en: { name: 'Oq Start', description: 'For calls and messengers: everything you need at an honest price.', dedicatedLabel: SOCIAL.en },
      uz: {
        name: 'Oq Start',
        description: 'Qoʻngʻiroqlar va messenjerlar uchun: kerakli hamma narsa adolatli narxda.',
        dedicatedLabel: SOCIAL.uz,
      },
    },
  },
  {
    id: 'oq-social',
    monthlyPrice: 39_000,
    internetGb: 8,
    minutes: 200,
    sms: 100,
    nightInternetGb: 0,
    dedicatedGb: 30,
    discountPercent: 50,
    texts: {
      ru: {
        name: 'Oq Соцсети',
        description: 'Отдельные 30 ГБ на соцсети, чтобы основной трафик оставался целым.',
        dedicatedLabel: SOCIAL.ru,
      },
      en: {
        name: 'Oq Social',
        description: 'A separate 30 GB for social networks, so your main allowance stays whole.',
        dedicatedLabel: SOCIAL.en,
      },
      uz: {
        name: 'Oq Ijtimoiy',
        description: 'Ijtimoiy tarmoqlar uchun alohida 30 GB: asosiy trafik butun qoladi.',
        dedicatedLabel: SOCIAL.uz,
      },
    },
  },
  {
    id: 'oq-smart',
    monthlyPrice: 49_000,
    internetGb: 15,
    minutes: 500,
    sms: 500,
    nightInternetGb: 20,
    dedicatedGb: 10,
    discountPercent: 50,
    texts: {
      ru: { name: 'Oq Смарт', description: 'Сбалансированный тариф на каждый день с ночным интернетом.', dedicatedLabel: SOCIAL.ru },
      en: { name: 'Oq Smart', description: 'A balanced everyday tariff with night internet.', dedicatedLabel: SOCIAL.en },
      uz: { name: 'Oq Smart', description: 'Tungi internetli har kungi muvozanatli tarif.', dedicatedLabel: SOCIAL.uz },
    },
  },
  {
    id: 'oq-plus',
    monthlyPrice: 79_000,
    internetGb: 35,
    minutes: 700,
    sms: 1000,
    nightInternetGb: 50,
    dedicatedGb: 20,
    discountPercent: 50,
    texts: {
      ru: { name: 'Oq Плюс', description: 'Много интернета для видео и работы, плюс 50 ГБ ночью.', dedicatedLabel: SOCIAL.ru },
      en: { name: 'Oq Plus', description: 'Plenty of internet for video and work, plus 50 GB at night.', dedicatedLabel: SOCIAL.en },
      uz: { name: 'Oq Plus', description: 'Video va ish uchun koʻp internet, tunda yana 50 GB.', dedicatedLabel: SOCIAL.uz },
    },
  },
  {
    id: 'oq-max',
    monthlyPrice: 119_000,
    internetGb: 80,
    minutes: null,
    sms: 2000,
    nightInternetGb: 50,
    dedicatedGb: 30,
    discountPercent: 50,
    texts: {
      ru: { name: 'Oq Макс', description: 'Безлимитные звонки по Узбекистану и 80 ГБ интернета.', dedicatedLabel: SOCIAL.ru },
      en: { name: 'Oq Max', description: 'Unlimited calls across Uzbekistan and 80 GB of internet.', dedicatedLabel: SOCIAL.en },
      uz: { name: 'Oq Max', description: 'Oʻzbekiston boʻylab cheksiz qoʻngʻiroqlar va 80 GB internet.', dedicatedLabel: SOCIAL.uz },
    },
  },
  {
    id: 'oq-ultra',
    monthlyPrice: 169_000,
    internetGb: 200,
    minutes: null,
    sms: 3000,
    nightInternetGb: 100,
    dedicatedGb: 50,
    discountPercent: 50,
    texts: {
      ru: { name: 'Oq Ультра', description: 'Максимум всего: 200 ГБ, безлимитные звонки и 100 ГБ ночью.', dedicatedLabel: SOCIAL.ru },
      en: {
        name: 'Oq Ultra',
        description: 'The most of everything: 200 GB, unlimited calls and 100 GB at night.',
        dedicatedLabel: SOCIAL.en,
      },
      uz: {
        name: 'Oq Ultra',
        description: 'Hammasidan eng koʻpi: 200 GB, cheksiz qoʻngʻiroqlar va tunda 100 GB.',
        dedicatedLabel: SOCIAL.uz,
      },
    },
  },
];

export function seedTariffs(db: Db): void {
  const insert = db.prepare(
    `INSERT INTO tariffs (id, position, texts, monthly_price, internet_gb, minutes, sms, night_internet_gb, dedicated_gb, discount_percent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  TARIFFS.forEach((t, i) =>
    insert.run(
      t.id,
      i + 1,
      JSON.stringify(t.texts),
      t.monthlyPrice,
      t.internetGb,
      t.minutes,
      t.sms,
      t.nightInternetGb,
      t.dedicatedGb,
      t.discountPercent,
    ),
  );
}
