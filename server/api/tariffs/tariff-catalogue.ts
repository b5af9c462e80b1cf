import type { ReadyTariff } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { inLanguage, type Localized } from '../../../shared/localized';
import { discountedPrice } from '../../../shared/tariff-pricing';
import type { Db } from '../store/database';
import type { TariffTexts } from '../seed/seed-tariffs';

interface TariffRow {
  id: string;
  texts: string;
  monthly_price: number;
  internet_gb: number;
  minutes: number | null;
  sms: number;
  night_internet_gb: number;
  dedicated_gb: number;
  discount_percent: number;
}

export function toReadyTariff(row: TariffRow, lang: Language): ReadyTariff {
  const texts = inLanguage(JSON.parse(row.texts) as Localized<TariffTexts>, lang);
  return {
    id: row.id,
    name: texts.name,
    description: texts.description,
    monthlyPrice: row.monthly_price,
    firstMonthsPrice: discountedPrice(row.monthly_price, row.discount_percent),
    discountPercent: row.discount_percent,
    firstMonthsCount: 2,
    internetGb: row.internet_gb,
    minutes: row.minutes,
    sms: row.sms,
    nightInternetGb: row.night_internet_gb,
    dedicated: { gb: row.dedicated_gb, label: texts.dedicatedLabel },
  };
}

export function createTariffCatalogue(db: Db) {
  const all = db.prepare('SELECT * FROM tariffs ORDER BY position');
  const one = db.prepare('SELECT * FROM tariffs WHERE id = ?');
  return {
    list: (lang: Language) => (all.all() as TariffRow[]).map((row) => toReadyTariff(row, lang)),
    find: (id: string, lang: Language) => {
      const row = one.get(id) as TariffRow | undefined;
      return row ? toReadyTariff(row, lang) : undefined;
    },
  };
}
