import type { ApiClient } from '../../api-client';
import type {
  CategoryList,
  ConstructorOptions,
  NewsList,
  NewsSummary,
  NumberCategory,
  NumberList,
  PhoneNumber,
  PointOfSaleList,
  ReadyTariff,
  SimType,
  SimTypeList,
  TariffList,
} from '../../../shared/api-types';

export const FEATURED_TARIFFS = 3;
export const NUMBERS_ON_OFFER = 6;
export const LATEST_NEWS = 3;

/** Each part of the home page; null where its API call failed (that section says so, the rest shows). */
export interface HomeData {
  tariffs: ReadyTariff[] | null;
  constructorOptions: ConstructorOptions | null;
  categories: NumberCategory[] | null;
  numbers: PhoneNumber[] | null;
  news: NewsSummary[] | null;
  simTypes: SimType[] | null;
  pointsOfSale: { offices: number; cities: string[] } | null;
}

function settled<T>(result: PromiseSettledResult<T>): T | null {
  return result.status === 'fulfilled' ? result.value : null;
}

/**
 * All calls at once, awaited by the loader (briefly: see awaitBriefly) rather than streamed: a
 * visitor without JavaScript must see every section, and streamed parts need a script to take
 * their place. Never rejects: a failed call is its section's error state.
 */
export async function loadHomeData(http: ApiClient): Promise<HomeData> {
  const get = <T>(url: string, params?: Record<string, string | number>) => http.get<T>(url, { params }).then((response) => response.data);
  const [tariffs, constructorOptions, categories, numbers, news, simTypes, points] = await Promise.allSettled([
    get<TariffList>('/tariffs'),
    get<ConstructorOptions>('/tariff-constructor'),
    get<CategoryList>('/numbers/categories'),
    get<NumberList>('/numbers', { sort: 'price_desc', pageSize: NUMBERS_ON_OFFER }),
    get<NewsList>('/news', { pageSize: LATEST_NEWS }),
    get<SimTypeList>('/sim-types'),
    get<PointOfSaleList>('/points-of-sale'),
  ]);
  const pointList = settled(points);
  return {
    tariffs: settled(tariffs)?.items.slice(0, FEATURED_TARIFFS) ?? null,
    constructorOptions: settled(constructorOptions),
    // Free numbers are the default, not an offer.
    categories: settled(categories)?.items.filter((category) => category.price > 0) ?? null,
    numbers: settled(numbers)?.items ?? null,
    news: settled(news)?.items ?? null,
    simTypes: settled(simTypes)?.items ?? null,
    pointsOfSale: pointList
      ? {
          offices: pointList.items.length,
          cities: pointList.cities.filter((city) => pointList.items.some((point) => point.city === city.id)).map((city) => city.name),
        }
      : null,
  };
}
