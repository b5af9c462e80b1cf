import { LRUCache } from 'lru-cache';
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
import {
  AuctionListQuery,
  NewsItemQuery,
  NewsListQuery,
  NoQuery,
  NumberPathParams,
  NumberSearchQuery,
  PointOfSaleQuery,
} from '../../shared/contract';
import { deepFreeze } from '../../shared/deep-freeze';
import type { Language } from '../../shared/languages';
import { inLanguage } from '../../shared/localized';
import type { AuctionService } from './auctions/auction-service';
import type { ApiContext } from './context';
import { badRequest, notFound } from './http/api-error';
import { AVAILABILITY_SECONDS, CATALOGUE_SECONDS, NEWS_SECONDS } from './http/caching';
import { pageOf, parseInput } from './http/input';
import { createNewsReads } from './news/news-reads';
import { CATEGORIES } from './numbers/categories';
import { normalizeMask } from './numbers/number-patterns';
import { createNearMatches, wishOf } from './numbers/near-matches';
import { dateMatches, dateRuns, matchedForm, parseDate, type DateForm } from './numbers/date-search';
import { createSaleCopy } from './numbers/sale-copy';
import { keysAfter, searchCopy } from './numbers/copy-search';
import {
  createNumberSearch,
  decodeCursor,
  encodeCursor,
  EXACT_TOTAL_LIMIT,
  sameState,
  type SearchFilters,
  type SearchKey,
  type SearchState,
} from './numbers/number-search';
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

// The latest lot is looked up only for a number on auction (the only one whose lot the API shows).
const SELECT_NUMBER = `SELECT n.*, CASE WHEN n.status = 'auction'
  THEN (SELECT l.id FROM auction_lots l WHERE l.number_id = n.id ORDER BY l.starts_at DESC LIMIT 1) END AS lot_id FROM numbers n`;

export function createCatalogueReads(ctx: ApiContext, auctions: AuctionService) {
  const tariffs = createTariffCatalogue(ctx.db);
  const points = createPointCatalogue(ctx.db);
  const news = createNewsReads(ctx.db);
  const search = createNumberSearch(ctx.db);
  const saleCopy = createSaleCopy(ctx.db);
  const near = createNearMatches(saleCopy);
  const oneNumber = ctx.db.prepare(`${SELECT_NUMBER} WHERE n.msisdn = ?`);
  /** A number a search found, as the API shows it now. */
  const someNumbers = ctx.db.prepare(`${SELECT_NUMBER} WHERE n.msisdn IN (SELECT value FROM json_each(?))`);
  /** The numbers a search found, as the API shows them now, in the order given: one read for a page. */
  function numbersNow(msisdns: readonly string[], now: number): PhoneNumber[] {
    if (msisdns.length === 0) return [];
    const rows = new Map((someNumbers.all(JSON.stringify(msisdns)) as NumberRow[]).map((row) => [row.msisdn, row]));
    return msisdns.map((msisdn) => toPhoneNumber(rows.get(msisdn)!, now));
  }
  // Answers of the number search, each kept with the state it was made in and given again only
  // while that state holds (no number stored or sold, no hold taken or released, none lapsed, no
  // lot listed): never a taken number, and the home page's six numbers cost one small read, not a
  // walk of the catalogue. Read from the store each time, so every worker sees the others' writes.
  // Frozen: one answer goes to many readers.
  const searchAnswers = new LRUCache<string, { state: SearchState; answer: NumberList }>({ max: 500 });

  function searchNumbers(
    filters: SearchFilters,
    sort: 'price_asc' | 'price_desc',
    page: number,
    pageSize: number,
    offset: number,
    cursor: ReturnType<typeof decodeCursor>,
    now: number,
  ): NumberList {
    // The numbers held now, read once for the request when the copy is used at all.
    let held: ReadonlySet<string> | undefined;
    const heldNow = () => (held ??= saleCopy.heldNow(now));
    // A narrow digit search of the numbers for sale: every match from the in-memory copy.
    const copied = searchCopy(() => saleCopy.current(now), filters, sort, heldNow);
    let found: SearchKey[];
    let counted: { total: number; exact: boolean };
    if (copied) {
      found = (cursor ? keysAfter(copied, sort, cursor) : copied.slice(offset)).slice(0, pageSize + 1);
      counted = copied.length > EXACT_TOTAL_LIMIT ? { total: EXACT_TOTAL_LIMIT, exact: false } : { total: copied.length, exact: true };
    } else {
      // A cursor seeks straight to its page; a page number reads the keys before it from the index.
      const walked = cursor ? null : search.keys(filters, sort, null, offset + pageSize + 1, now);
      found = walked ? walked.slice(offset) : search.keys(filters, sort, cursor, pageSize + 1, now);
      // A walk from the start that ran out before its limit saw every match: that is the total,
      // counted already (the common case of a narrow wish, whose near matches follow).
      counted = walked && walked.length <= offset + pageSize ? { total: walked.length, exact: true } : search.total(filters, now);
    }
    const pageKeys = found.slice(0, pageSize);
    const { total, exact } = counted;
    const items = numbersNow(
      pageKeys.map((key) => key.msisdn),
      now,
    );
    const answer: NumberList = {
      items,
      page,
      pageSize,
      total,
      totalExact: exact,
      nextCursor: found.length > pageSize ? encodeCursor(pageKeys[pageKeys.length - 1]) : null,
    };
    // Fewer than a page of what was wished for: the closest numbers for sale beside it.
    const wish = !cursor && page === 1 && items.filter((item) => item.available).length < pageSize ? wishOf(filters) : null;
    if (wish) {
      // The copy is current at this very call (sale-copy.ts) and held numbers are left out: each
      // match is a number for sale now, shown from the copy without reading it again.
      answer.nearMatches = near.find(wish, pageSize, now, filters.category, heldNow()).map(({ msisdn, price, category, differs }) => ({
        ...toPhoneNumber({ msisdn, price, category, status: 'free', held_until: null }, now),
        differs,
      }));
    }
    return answer;
  }

  /**
   * A date search: the numbers whose subscriber digits hold one of the date's runs, ranked by the
   * run (longer first), then by price; each number once, under the longest run it holds; counted
   * up to EXACT_TOTAL_LIMIT + 1, so a page, its total and its cursor come from one ranked list.
   * The numbers for sale come from the in-memory copy (date-search.ts `dateMatches`); with
   * unavailable numbers or a pattern asked for too, each run is a `contains` search of the index.
   */
  function searchDate(
    filters: SearchFilters,
    runs: ReturnType<typeof dateRuns>,
    page: number,
    pageSize: number,
    offset: number,
    cursor: ReturnType<typeof decodeCursor>,
    now: number,
  ): NumberList {
    const ranked =
      filters.all || filters.pattern
        ? dateByIndex(filters, runs, now)
        : dateMatches(saleCopy.current(now), runs, {
            category: filters.category,
            held: saleCopy.heldNow(now),
            cap: EXACT_TOTAL_LIMIT + 1,
          });
    const exact = ranked.length <= EXACT_TOTAL_LIMIT;
    const from = cursor ? ranked.findIndex(({ key }) => key.msisdn === cursor.msisdn) + 1 : offset;
    const pageOf = ranked.slice(from, from + pageSize);
    return {
      items: numbersNow(
        pageOf.map(({ key }) => key.msisdn),
        now,
      ).map((number, i) => ({ ...number, dateForm: pageOf[i].form })),
      page,
      pageSize,
      total: Math.min(ranked.length, EXACT_TOTAL_LIMIT),
      totalExact: exact,
      nextCursor: from + pageSize < ranked.length && pageOf.length > 0 ? encodeCursor(pageOf[pageOf.length - 1].key) : null,
    };
  }

  /** The date's runs through the digit search's own index (a `contains` of each run), in chunks. */
  function dateByIndex(filters: SearchFilters, runs: ReturnType<typeof dateRuns>, now: number) {
    const ranked: Array<{ key: SearchKey; form: DateForm }> = [];
    const CHUNK = 200;
    for (const { form, run } of runs) {
      const byRun: SearchFilters = { ...filters, contains: run, endsWith: null, mask: null };
      let start: SearchKey | null = null;
      while (ranked.length <= EXACT_TOTAL_LIMIT) {
        const chunk = search.keys(byRun, 'price_asc', start, CHUNK, now);
        for (const key of chunk) if (matchedForm(key.msisdn, runs) === form) ranked.push({ key, form });
        if (chunk.length < CHUNK) break;
        start = chunk[chunk.length - 1];
      }
    }
    return ranked;
  }

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

    numbers(_lang: Language, query: unknown): NumberList {
      const q = parseInput(NumberSearchQuery, query);
      const mask = q.mask ? normalizeMask(q.mask) : null;
      if (q.mask && !mask) throw badRequest('invalid_mask', 'mask');
      const filters: SearchFilters = {
        category: q.category ?? null,
        contains: q.contains ?? null,
        endsWith: q.endsWith ?? null,
        mask,
        pattern: q.pattern ?? null,
        all: q.includeUnavailable ?? false,
      };
      const sort = q.sort ?? 'price_asc';
      const { page, pageSize, offset } = pageOf(q, 20);
      const cursor = q.cursor ? decodeCursor(q.cursor) : null;
      if (q.cursor && !cursor) throw badRequest('invalid_field', 'cursor');
      const now = ctx.now();
      const date = q.date === undefined ? null : parseDate(q.date);
      if (q.date !== undefined && !date) throw badRequest('invalid_date', 'date');
      const key = JSON.stringify([q, mask]);
      const kept = searchAnswers.get(key);
      const state = search.stateOf(now);
      if (kept && sameState(kept.state, state, now)) return kept.answer;
      const answer = deepFreeze(
        date
          ? searchDate(filters, dateRuns(date), page, pageSize, offset, cursor, now)
          : searchNumbers(filters, sort, page, pageSize, offset, cursor, now),
      );
      searchAnswers.set(key, { state, answer });
      return answer;
    },

    numberCategories(lang: Language, query: unknown): CategoryList {
      parseInput(NoQuery, query);
      const counts = search.availableByCategory(ctx.now());
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
