import type { Router } from 'express';
import type { CategoryList, NumberList } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { enumValue, pageOf, query, queryBoolean, valid } from '../http/input';
import { requestLanguage } from '../http/language';
import { checkUzPhone } from '../../../shared/validation';
import { CATEGORIES, CATEGORY_IDS } from './categories';
import { compileMask, matchesPattern, NUMBER_PATTERNS } from './number-patterns';
import { HOLD_IS_FREE, toPhoneNumber, type NumberRow } from './number-store';
import { AVAILABILITY_SECONDS, cacheFor } from '../http/caching';

const SORTS = ['price_asc', 'price_desc'] as const;
const SELECT_NUMBER = `SELECT n.*, (SELECT l.id FROM auction_lots l WHERE l.number_id = n.id ORDER BY l.starts_at DESC LIMIT 1) AS lot_id FROM numbers n`;

function digitsParam(value: string | undefined, field: string, maxLength: number): string | null {
  if (value === undefined || value === '') return null;
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || digits.length > maxLength) throw badRequest('invalid_field', field);
  return digits;
}

const SEARCH_WHERE = `
       WHERE (@category IS NULL OR n.category = @category)
         AND (@contains IS NULL OR instr(substr(n.msisdn, 5), @contains) > 0)
         AND (@endsWith IS NULL OR substr(n.msisdn, -length(@endsWith)) = @endsWith)
         AND (@all = 1 OR (n.status = 'free' AND ${HOLD_IS_FREE}))`;

export function registerNumbers(router: Router, ctx: ApiContext): void {
  const order = (direction: 'ASC' | 'DESC') => `ORDER BY n.price ${direction}, n.msisdn`;
  // Without a mask or pattern SQL pages and counts; with one, only the candidates' digits are
  // read, filtered here, and the page's rows fetched whole (with their lot) afterwards.
  const pageOfRows = (direction: 'ASC' | 'DESC') => ctx.db.prepare(`${SELECT_NUMBER} ${SEARCH_WHERE} ${order(direction)} LIMIT @limit OFFSET @offset`);
  const candidates = (direction: 'ASC' | 'DESC') => ctx.db.prepare(`SELECT n.msisdn, n.subscriber FROM numbers n ${SEARCH_WHERE} ${order(direction)}`);
  const searches = {
    price_asc: { page: pageOfRows('ASC'), candidates: candidates('ASC') },
    price_desc: { page: pageOfRows('DESC'), candidates: candidates('DESC') },
  };
  const countMatching = ctx.db.prepare(`SELECT COUNT(*) AS total FROM numbers n ${SEARCH_WHERE}`).pluck();
  const availableByCategory = ctx.db.prepare(
    `SELECT category, COUNT(*) AS available FROM numbers WHERE status = 'free' AND ${HOLD_IS_FREE} GROUP BY category`,
  );
  const one = ctx.db.prepare(`${SELECT_NUMBER} WHERE n.msisdn = ?`);

  router.get('/numbers', (req, res) => {
    const q = query(req, ['category', 'contains', 'endsWith', 'mask', 'pattern', 'sort', 'includeUnavailable', 'page', 'pageSize']);
    const category = q.category ? enumValue(q.category, CATEGORY_IDS, 'category') : null;
    const pattern = q.pattern ? enumValue(q.pattern, NUMBER_PATTERNS, 'pattern') : null;
    const sort = q.sort ? enumValue(q.sort, SORTS, 'sort') : 'price_asc';
    const mask = q.mask ? compileMask(q.mask) : null;
    if (q.mask && !mask) throw badRequest('invalid_mask', 'mask');
    const { page, pageSize, offset } = pageOf(q, 20, 100);
    const now = ctx.now();
    const params = {
      category,
      contains: digitsParam(q.contains, 'contains', 9),
      endsWith: digitsParam(q.endsWith, 'endsWith', 9),
      all: queryBoolean(q.includeUnavailable, 'includeUnavailable', false) ? 1 : 0,
      now,
    };
    let rows: NumberRow[];
    let total: number;
    if (!mask && !pattern) {
      rows = searches[sort].page.all({ ...params, limit: pageSize, offset }) as NumberRow[];
      total = countMatching.get(params) as number;
    } else {
      // Masks and digit patterns are not expressible in SQL: a few thousand candidates filter in about a millisecond.
      const matching = (searches[sort].candidates.all(params) as Array<Pick<NumberRow, 'msisdn' | 'subscriber'>>).filter(
        (row) => (!mask || mask(row.msisdn.slice(4))) && (!pattern || matchesPattern(row.subscriber, pattern)),
      );
      rows = matching.slice(offset, offset + pageSize).map((row) => one.get(row.msisdn) as NumberRow);
      total = matching.length;
    }
    const payload: NumberList = { items: rows.map((row) => toPhoneNumber(row, now)), page, pageSize, total };
    res.json(payload);
  });

  router.get('/numbers/categories', (req, res) => {
    query(req, []);
    const lang = requestLanguage(req);
    const counts = new Map(
      (availableByCategory.all({ now: ctx.now() }) as Array<{ category: string; available: number }>).map((r) => [r.category, r.available]),
    );
    const payload: CategoryList = {
      items: CATEGORIES.map((c) => ({ id: c.id, name: c.names[lang], price: c.price, pattern: c.pattern, available: counts.get(c.id) ?? 0 })),
    };
    cacheFor(res, AVAILABILITY_SECONDS);
    res.json(payload);
  });

  router.get('/numbers/:number', (req, res) => {
    query(req, []);
    const msisdn = valid(checkUzPhone(req.params.number), 'number');
    const row = one.get(msisdn) as NumberRow | undefined;
    if (!row) throw notFound('number_not_found');
    res.json(toPhoneNumber(row, ctx.now()));
  });
}
