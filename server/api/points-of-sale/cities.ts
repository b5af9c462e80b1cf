import type { Language } from '../../../shared/languages';
import { inLanguage, type Localized } from '../../../shared/localized';

/** Cities with the coordinates of docs/domain.md. */
export interface City {
  id: string;
  lat: number;
  lon: number;
  names: Localized<string>;
}

export const CITIES: City[] = [
  { id: 'tashkent', lat: 41.2995, lon: 69.2401, names: { ru: 'Ташкент', en: 'Tashkent', uz: 'Toshkent' } },
  { id: 'samarkand', lat: 39.6542, lon: 66.9597, names: { ru: 'Самарканд', en: 'Samarkand', uz: 'Samarqand' } },
  { id: 'bukhara', lat: 39.7747, lon: 64.4286, names: { ru: 'Бухара', en: 'Bukhara', uz: 'Buxoro' } },
  { id: 'andijan', lat: 40.7821, lon: 72.3442, names: { ru: 'Андижан', en: 'Andijan', uz: 'Andijon' } },
  { id: 'namangan', lat: 40.9983, lon: 71.6726, names: { ru: 'Наманган', en: 'Namangan', uz: 'Namangan' } },
  { id: 'fergana', lat: 40.3842, lon: 71.7843, names: { ru: 'Фергана', en: 'Fergana', uz: 'Fargʻona' } },
  { id: 'kokand', lat: 40.5286, lon: 70.9425, names: { ru: 'Коканд', en: 'Kokand', uz: 'Qoʻqon' } },
  { id: 'nukus', lat: 42.4531, lon: 59.6103, names: { ru: 'Нукус', en: 'Nukus', uz: 'Nukus' } },
  { id: 'qarshi', lat: 38.8606, lon: 65.7891, names: { ru: 'Карши', en: 'Qarshi', uz: 'Qarshi' } },
  { id: 'termez', lat: 37.2242, lon: 67.2783, names: { ru: 'Термез', en: 'Termez', uz: 'Termiz' } },
  { id: 'urgench', lat: 41.55, lon: 60.6333, names: { ru: 'Ургенч', en: 'Urgench', uz: 'Urganch' } },
  { id: 'khiva', lat: 41.3783, lon: 60.3639, names: { ru: 'Хива', en: 'Khiva', uz: 'Xiva' } },
  { id: 'jizzakh', lat: 40.1158, lon: 67.8422, names: { ru: 'Джизак', en: 'Jizzakh', uz: 'Jizzax' } },
  { id: 'navoiy', lat: 40.0844, lon: 65.3792, names: { ru: 'Навои', en: 'Navoiy', uz: 'Navoiy' } },
  { id: 'guliston', lat: 40.4897, lon: 68.7842, names: { ru: 'Гулистан', en: 'Guliston', uz: 'Guliston' } },
  { id: 'chirchiq', lat: 41.4689, lon: 69.5822, names: { ru: 'Чирчик', en: 'Chirchiq', uz: 'Chirchiq' } },
];

export const POINT_SERVICES = ['sim', 'esim', 'identification'] as const;
export type PointService = (typeof POINT_SERVICES)[number];

/** A city's name in `lang`; the id when the city is not listed. */
export function cityName(id: string, lang: Language): string {
  const city = CITIES.find((c) => c.id === id);
  return city ? inLanguage(city.names, lang) : id;
}
