import type { Request, Response, Router } from 'express';
import type { CatalogueReads } from './catalogue-reads';
import { MAX_AGE_SECONDS, type ReadName } from './catalogue-reads';
import type { ApiContext } from './context';
import { cacheFor } from './http/caching';
import { requestLanguage } from './http/language';
import { optionalToken } from './http/request-tokens';

/**
 * The public reads over HTTP: each GET answers with its read (catalogue-reads.ts) in the request's
 * language, marked cacheable for as long as the read says. Registered after the areas' own
 * routes (`/auctions/events` is a stream, not a lot), in an order where a fixed path
 * (`/numbers/categories`) comes before a parameter.
 */
export function registerCatalogueReads(router: Router, ctx: ApiContext, reads: CatalogueReads): void {
  const send = (res: Response, name: ReadName, payload: unknown) => {
    const seconds = MAX_AGE_SECONDS[name];
    if (seconds !== null) cacheFor(res, seconds);
    res.json(payload);
  };
  const read =
    (name: Exclude<ReadName, 'tariff' | 'number' | 'newsItem' | 'pointOfSale' | 'auction' | 'auctions'>) => (req: Request, res: Response) =>
      send(res, name, reads[name](requestLanguage(req), req.query));
  const readOne = (name: 'tariff' | 'number' | 'newsItem' | 'pointOfSale', param: string) => (req: Request, res: Response) =>
    send(res, name, reads[name](requestLanguage(req), req.query, String(req.params[param])));
  // With an auth token, the lots show the bidder's own position.
  const phoneOf = async (req: Request) => (await optionalToken(ctx, req, 'auth'))?.sub ?? null;

  router.get('/tariffs', read('tariffs'));
  router.get('/tariffs/:id', readOne('tariff', 'id'));
  router.get('/tariff-constructor', read('tariffConstructor'));
  router.get('/sim-types', read('simTypes'));
  router.get('/numbers', read('numbers'));
  router.get('/numbers/categories', read('numberCategories'));
  router.get('/numbers/:number', readOne('number', 'number'));
  router.get('/news', read('news'));
  router.get('/news/:slug', readOne('newsItem', 'slug'));
  router.get('/points-of-sale', read('pointsOfSale'));
  router.get('/points-of-sale/:id', readOne('pointOfSale', 'id'));
  router.get('/auctions', async (req, res) => send(res, 'auctions', reads.auctions(requestLanguage(req), req.query, await phoneOf(req))));
  router.get('/auctions/:id', async (req, res) =>
    send(res, 'auction', reads.auction(requestLanguage(req), req.query, req.params.id, await phoneOf(req))),
  );
}
