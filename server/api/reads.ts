import type { Router } from 'express';
import * as C from '../../shared/contract';
import type { Language } from '../../shared/languages';
import { paramNameOf, READ_NAMES, READS, type ReadAnswer, type ReadDeclaration, type ReadName } from '../../shared/reads';
import type { AuctionService } from './auctions/auction-service';
import { createAuctionReads } from './auctions/auction-reads';
import type { ApiContext } from './context';
import type { ReadCaller, ReadHandler, ReadHandlers, ReadInput } from './read-handler';
import { notFound } from './http/api-error';
import { cacheFor } from './http/caching';
import { etagMatches, weakEtag } from './http/etag';
import { stateTag, type DataVersions } from './store/data-versions';
import { contractSchema, parseInput } from './http/input';
import { requestLanguage } from './http/language';
import { optionalToken } from './http/request-tokens';
import { createNewsReads } from './news/news-reads';
import { createNumberReads } from './numbers/number-reads';
import type { NumberSearchReads } from './numbers/search-reads';
import { createPointReads } from './points-of-sale/point-reads';
import { createTariffReads } from './tariffs/tariff-reads';
import { clientKey } from './http/limits';

/**
 * The public reads declared in shared/reads.ts, answered by their areas' handlers: over HTTP by the
 * routes below, and called directly by the site's server (server/site/operator-api/), so both
 * give the same answer from the same code. Here, once for every read: the query and the path
 * parameter checked by the declared schemas (400 naming the field), a null answer turned into the
 * declared 404, the answer marked cacheable for as long as the declaration says.
 */

/** One read run for a caller: raw or typed values in (the schemas take both), the answer out, or a rejection with an ApiError. */
export type RunRead = <N extends ReadName>(
  name: N,
  lang: Language,
  query: unknown,
  param: string | undefined,
  phone: string | null,
  caller: ReadCaller,
) => Promise<ReadAnswer<N>>;

export function createReads(ctx: ApiContext, auctions: AuctionService, numberSearch: NumberSearchReads): RunRead {
  // Every declared read has its handler: a missing one fails to compile here.
  const handlers: ReadHandlers<ReadName> = {
    ...createNewsReads(ctx.db),
    ...createTariffReads(ctx.db),
    ...createNumberReads(ctx, numberSearch),
    ...createPointReads(ctx.db),
    ...createAuctionReads(auctions),
  };
  return async (name, lang, rawQuery, rawParam, phone, caller) => {
    const declaration: ReadDeclaration = READS[name];
    const query = parseInput(declaration.query ? contractSchema(declaration.query) : C.NoQuery, rawQuery ?? {});
    const paramName = paramNameOf(name);
    let param = rawParam;
    if (paramName && declaration.params) {
      param = (parseInput(contractSchema(declaration.params), { [paramName]: rawParam }) as Record<string, string>)[paramName];
    }
    const handler = handlers[name] as ReadHandler<typeof name>;
    const answer = await handler({ lang, query, param, phone, caller } as ReadInput<typeof name>);
    if (answer === null) throw notFound(declaration.notFound ?? 'not_found');
    return answer;
  };
}

/** Express's spelling of a declared path: `{id}` as `:id`. */
const routePath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Every declared read as a GET route. A fixed path (`/numbers/categories`) is registered before a
 * parameter (`/numbers/{number}`) that would take it; the areas' own routes (`/numbers/events`, a
 * stream) come before these.
 */
export function registerReads(router: Router, ctx: ApiContext, run: RunRead, versions: DataVersions): void {
  const names = [...READ_NAMES].sort((a, b) => Number(paramNameOf(a) !== null) - Number(paramNameOf(b) !== null));
  for (const name of names) {
    const declaration: ReadDeclaration = READS[name];
    const paramName = paramNameOf(name);
    router.get(routePath(declaration.path), async (req, res) => {
      const phone = declaration.optionalAuth ? ((await optionalToken(ctx, req, 'auth'))?.sub ?? null) : null;
      const lang = requestLanguage(req);
      const param = paramName ? String(req.params[paramName]) : undefined;
      // Before the read: a change while it runs gives its answer a tag that is already old.
      const state = versions.stateOf(name, param, ctx.now());
      // A client that leaves while its search waits in the queue takes it out (search-pool.ts).
      const left = new AbortController();
      res.once('close', () => left.abort());
      const answer = await run(name, lang, req.query, param, phone, { client: clientKey(req.ip), signal: left.signal });
      if (declaration.maxAgeSeconds !== null) cacheFor(res, declaration.maxAgeSeconds);
      // The version of what the answer is made of, for this request (what only a release changes:
      // the answer itself): a client that has it gets a 304.
      const body = JSON.stringify(answer);
      const made = state ? stateTag(state) : body;
      const etag = weakEtag([name, lang, req.originalUrl, phone ?? '', made]);
      res.set('ETag', etag);
      if (etagMatches(req.get('if-none-match'), etag)) {
        res.status(304).end();
        return;
      }
      res.type('application/json').send(body);
    });
  }
}
