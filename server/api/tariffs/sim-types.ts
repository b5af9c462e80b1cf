import type { SimType, SimTypeId } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { inLanguage, type Localized } from '../../../shared/localized';

interface SimTypeDefinition {
  id: SimTypeId;
  price: number;
  requires: SimType['requires'];
  texts: Localized<{ name: string; description: string }>;
}

export const SIM_TYPES: SimTypeDefinition[] = [
  {
    id: 'esim',
    price: 0,
    requires: ['email'],
    texts: {
      ru: { name: 'eSIM', description: 'Виртуальная SIM: QR-код для подключения придёт на ваш e-mail сразу после оплаты.' },
      en: { name: 'eSIM', description: 'A virtual SIM: the QR code to connect is sent to your e-mail right after payment.' },
      uz: { name: 'eSIM', description: 'Virtual SIM: ulanish uchun QR-kod toʻlovdan soʻng darhol e-mailingizga keladi.' },
    },
  },
  {
    id: 'physical',
    price: 10_000,
    requires: ['delivery'],
    texts: {
      ru: { name: 'SIM-карта', description: 'Пластиковая SIM-карта: заберите в пункте продаж или закажите доставку курьером.' },
      en: { name: 'SIM card', description: 'A plastic SIM card: pick it up at a point of sale or have it delivered by courier.' },
      uz: {
        name: 'SIM-karta',
        description: 'Plastik SIM-karta: savdo nuqtasidan olib keting yoki kuryer orqali yetkazib berishga buyurtma bering.',
      },
    },
  },
];

export function simType(id: SimTypeId, lang: Language): SimType {
  const def = SIM_TYPES.find((s) => s.id === id)!;
  return { id: def.id, price: def.price, requires: def.requires, ...inLanguage(def.texts, lang) };
}
