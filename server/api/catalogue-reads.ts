import type {
  AuctionLotDetail,
  AuctionLotList,
  CategoryList,
  ConstructorOptions,
  NewsItem,
  NewsList,
  NumberList,
  PhoneNumber,
  PointOfSale,
  PointOfSaleList,
  ReadyTariff,
  SimTypeList,
  TariffList,
} from '../../shared/api-types';
import { AuctionListQuery, NewsItemQuery, NewsListQuery, NoQuery, NumberPathParams, PointOfSaleQuery } from '../../shared/contract';
import type { Language } from '../../shared/languages';
import { inLanguage } from '../../shared/localized';
import type { AuctionService } from './auctions/auction-service';
import type { ApiContext } from './context';
import { badRequest, notFound } from './http/api-error';
import { AVAILABILITY_SECONDS, CATALOGUE_SECONDS, NEWS_SECONDS } from './http/caching';
import { pageOf, parseInput } from './http/input';
import { createNewsReads } from './news/news-reads';
import { CATEGORIES } from './numbers/categories';
import { createNumberSearchReads, SELECT_NUMBER } from './numbers/search-reads';
import { toPhoneNumber, type NumberRow } from './numbers/number-store';
import { CITIES } from './points-of-sale/cities';
import { createPointCatalogue, distanceKm, toPointOfSale } from './points-of-sale/point-catalogue';
import { SIM_TYPES, simType } from './tariffs/sim-types';
import { createTariffCatalogue } from './tariffs/tariff-catalogue';
import { constructorOptions } from './tariffs/tariff-routes';

/**
 * The API's public reads (the catalogue, the number search, news, points of sale, auctions), each
 * a function from the request's language and its raw query (and path parameter) to the answer's
 * body. The routes answer HTTP with them, and the site's server calls them directly
 * (server/site/operator-api/), so both give the same answer from the same code: validation (a
 * thrown ApiError, 400 naming the field, 404), the store's reads and the shaping of the body.
 *
 * `MAX_AGE_SECONDS` is how long each answer may be kept (the Cache-Control the route sends, and
 * what the site keeps of a direct read); null means never.
 */
export const MAX_AGE_SECONDS = {
  tariffs: CATALOGUE_SECONDS,
  tariff: CATALOGUE_SECONDS,
  tariffConstructor: CATALOGUE_SECONDS,
  simTypes: CATALOGUE_SECONDS,
  numbers: null,
  numberCategories: AVAILABILITY_SECONDS,
  number: null,
  news: NEWS_SECONDS,
  newsItem: NEWS_SECONDS,
  pointsOfSale: CATALOGUE_SECONDS,
  pointOfSale: CATALOGUE_SECONDS,
  auctions: null,
  auction: null,
} as const;

export type ReadName = keyof typeof MAX_AGE_SECONDS;

export function createCatalogueReads(ctx: ApiContext, auctions: AuctionService) {
  const tariffs = createTariffCatalogue(ctx.db);
  const points = createPointCatalogue(ctx.db);
  const news = createNewsReads(ctx.db);
  const numberSearch = createNumberSearchReads(ctx);
  const oneNumber = ctx.db.prepare(`${SELECT_NUMBER} WHERE n.msisdn = ?`);

  return {
    tariffs(lang: Language, query: unknown): TariffList {
      parseInput(NoQuery, query);
      return { items: tariffs.list(lang) };
    },

    tariff(lang: Language, query: unknown, id: string): ReadyTariff {
      parseInput(NoQuery, query);
      const tariff = tariffs.find(id, lang);
      if (!tariff) throw notFound('tariff_not_found');
      return tariff;
    },

    tariffConstructor(lang: Language, query: unknown): ConstructorOptions {
      parseInput(NoQuery, query);
      return constructorOptions(lang);
    },

    simTypes(lang: Language, query: unknown): SimTypeList {
      parseInput(NoQuery, query);
      return { items: SIM_TYPES.map((s) => simType(s.id, lang)) };
    },

    /** The number search and the date search (numbers/search-reads.ts). */
    numbers(_lang: Language, query: unknown): NumberList {
      return numberSearch.numbers(query);
    },

    numberCategories(lang: Language, query: unknown): CategoryList {
      parseInput(NoQuery, query);
      const counts = numberSearch.availableByCategory(ctx.now());
      return {
        items: CATEGORIES.map((c) => ({
          id: c.id,
          name: inLanguage(c.names, lang),
          price: c.price,
          pattern: c.pattern,
          available: counts.get(c.id) ?? 0,
        })),
      };
    },

    number(_lang: Language, query: unknown, number: string): PhoneNumber {
      parseInput(NoQuery, query);
      const { number: msisdn } = parseInput(NumberPathParams, { number });
      const row = oneNumber.get(msisdn) as NumberRow | undefined;
      if (!row) throw notFound('number_not_found');
      return toPhoneNumber(row, ctx.now());
    },

    news(lang: Language, query: unknown): NewsList {
      const { page, pageSize, offset } = pageOf(parseInput(NewsListQuery, query), 6);
      const { items, total } = news.page(lang, pageSize, offset);
      return { items, page, pageSize, total };
    },

    newsItem(lang: Language, query: unknown, slug: string): NewsItem {
      parseInput(NewsItemQuery, query);
      const item = news.item(lang, slug);
      if (!item) throw notFound('news_not_found');
      return item;
    },

    pointsOfSale(lang: Language, query: unknown): PointOfSaleList {
      const { city: cityId, service = null, lat, lon, limit = 100 } = parseInput(PointOfSaleQuery, query);
      const city = cityId ? (CITIES.find((c) => c.id === cityId)?.id ?? null) : null;
      if (cityId && !city) throw badRequest('invalid_field', 'city');
      if ((lat === undefined) !== (lon === undefined)) throw badRequest('missing_field', lat === undefined ? 'lat' : 'lon');
      let items = points
        .all()
        .filter((row) => (!city || row.city === city) && (!service || row.services.split(',').includes(service)))
        .map((row) => toPointOfSale(row, lang));
      if (lat !== undefined && lon !== undefined) {
        items = items
          .map((p) => ({ ...p, distanceKm: Math.round(distanceKm(lat, lon, p.lat, p.lon) * 10) / 10 }))
          .sort((a, b) => a.distanceKm - b.distanceKm);
      }
      return {
        items: items.slice(0, limit),
        cities: CITIES.map((c) => ({ id: c.id, name: inLanguage(c.names, lang), lat: c.lat, lon: c.lon })),
      };
    },

    pointOfSale(lang: Language, query: unknown, id: string): PointOfSale {
      parseInput(NoQuery, query);
      const row = points.find(id);
      if (!row) throw notFound('point_not_found');
      return toPointOfSale(row, lang);
    },

    /** The lots as anyone sees them, or with the bidder's own position for `phone` (its auth token's). */
    auctions(_lang: Language, query: unknown, phone: string | null = null): AuctionLotList {
      const status = parseInput(AuctionListQuery, query).status ?? null;
      return { items: auctions.list(status, phone) };
    },

    /** One lot; for `phone` (the requester's own auth token) with their own position and maximum. */
    auction(_lang: Language, query: unknown, id: string, phone: string | null = null): AuctionLotDetail {
      parseInput(NoQuery, query);
      return auctions.detail(id, phone, phone !== null);
    },
  };
}

export type CatalogueReads = ReturnType<typeof createCatalogueReads>;
