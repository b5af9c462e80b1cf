import type {
  AuctionLotDetail,
  AuctionLotList,
  CategoryList,
  ConstructorOptions,
  LotStatus,
  NewsItem,
  NewsList,
  NumberList,
  NumberSearch,
  PointOfSaleList,
  PointService,
  SimTypeList,
  TariffList,
} from './api-types';

/** The query of `GET /points-of-sale`; coordinates as fixed-decimal strings, both or neither. */
export interface PointOfSaleSearch {
  city?: string;
  service?: PointService;
  lat?: string;
  lon?: string;
}

export interface NewsPage {
  page?: number;
  pageSize: number;
}

/**
 * The operator API's public reads, one typed method each, answering the contract's bodies
 * (docs/api.md). Two implementations: `httpReader` (client/api/reader.ts) over the shared HTTP
 * client (the browser, and the server with API_BASE_URL), and on a server that embeds the
 * reference API, its own reads called directly (server/site/operator-api/embedded-reader.ts). A failed read rejects as the
 * HTTP client does: an error with the API's status and error body, so loaders handle both alike.
 */
export interface OperatorReader {
  tariffs(): Promise<TariffList>;
  tariffConstructor(): Promise<ConstructorOptions>;
  simTypes(): Promise<SimTypeList>;
  numbers(search: NumberSearch): Promise<NumberList>;
  numberCategories(): Promise<CategoryList>;
  news(page: NewsPage): Promise<NewsList>;
  newsItem(slug: string): Promise<NewsItem>;
  pointsOfSale(search: PointOfSaleSearch): Promise<PointOfSaleList>;
  auctions(query: { status?: LotStatus }): Promise<AuctionLotList>;
  auction(id: string): Promise<AuctionLotDetail>;
}
