import type { Router } from 'express';
import type { CategoryList, NumberList } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { NoQuery, NumberPathParams, NumberSearchQuery } from '../../../shared/contract';
import { pageOf, params, query } from '../http/input';
import { requestLanguage } from '../http/language';
import { CATEGORIES } from './categories';
import { normalizeMask } from './number-patterns';
import { createNumberSearch, decodeCursor, encodeCursor, type SearchFilters } from './number-search';
import { toPhoneNumber, type NumberRow } from './number-store';
import { AVAILABILITY_SECONDS, cacheFor } from '../http/caching';

const SELECT_NUMBER = `SELECT n.*, (SELECT l.id FROM auction_lots l WHERE l.number_id = n.id ORDER BY l.starts_at DESC LIMIT 1) AS lot_id FROM numbers n`;

export function registerNumbers(router: Router, ctx: ApiContext): void {
  const search = createNumberSearch(ctx.db);
  const one = ctx.db.prepare(`${SELECT_NUMBER} WHERE n.msisdn = ?`);

  router.get('/numbers', (req, res) => {
    const q = query(req, NumberSearchQuery);
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
    // A cursor seeks straight to its page; a page number reads the keys before it from the index.
    const found = cursor
      ? search.keys(filters, sort, cursor, pageSize + 1, now)
      : search.keys(filters, sort, null, offset + pageSize + 1, now).slice(offset);
    const pageKeys = found.slice(0, pageSize);
    const { total, exact } = search.total(filters, now);
    const payload: NumberList = {
      items: pageKeys.map((key) => toPhoneNumber(one.get(key.msisdn) as NumberRow, now)),
      page,
      pageSize,
      total,
      totalExact: exact,
      nextCursor: found.length > pageSize ? encodeCursor(pageKeys[pageKeys.length - 1]) : null,
    };
    res.json(payload);
  });

  router.get('/numbers/categories', (req, res) => {
    query(req, NoQuery);
    const lang = requestLanguage(req);
    const counts = search.availableByCategory(ctx.now());
    const payload: CategoryList = {
      items: CATEGORIES.map((c) => ({ id: c.id, name: c.names[lang], price: c.price, pattern: c.pattern, available: counts.get(c.id) ?? 0 })),
    };
    cacheFor(res, AVAILABILITY_SECONDS);
    res.json(payload);
  });

  router.get('/numbers/:number', (req, res) => {
    query(req, NoQuery);
    const { number: msisdn } = params(req, NumberPathParams);
    const row = one.get(msisdn) as NumberRow | undefined;
    if (!row) throw notFound('number_not_found');
    res.json(toPhoneNumber(row, ctx.now()));
  });
}
