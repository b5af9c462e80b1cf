import type { OperatorReader } from '../../shared/operator-reader';
import { apiClient, type ApiClient } from '../framework/api-client';
import { isServerRequestContext } from '../framework/request-context';

export type { NewsPage, OperatorReader, PointOfSaleSearch } from '../../shared/operator-reader';

/** The reads as GET requests of the shared client (its language headers, timeout and error handling). */
export function httpReader(client: ApiClient): OperatorReader {
  const get = async <T>(path: string, params?: object): Promise<T> => (await client.get<T>(path, params ? { params } : undefined)).data;
  return {
    tariffs: () => get('/tariffs'),
    tariffConstructor: () => get('/tariff-constructor'),
    simTypes: () => get('/sim-types'),
    numbers: (search) => get('/numbers', search),
    numberCategories: () => get('/numbers/categories'),
    news: (page) => get('/news', page),
    newsItem: (slug) => get(`/news/${encodeURIComponent(slug)}`),
    pointsOfSale: (search) => get('/points-of-sale', search),
    auctions: (query) => get('/auctions', query),
    auction: (id) => get(`/auctions/${encodeURIComponent(id)}`),
  };
}

let browserReader: OperatorReader | null = null;

/** The reader of a loader's `context`: the server request's own, else the browser's over HTTP. */
export function readerOf(context?: unknown): OperatorReader {
  if (isServerRequestContext(context)) return context.reader;
  browserReader ??= httpReader(apiClient());
  return browserReader;
}
