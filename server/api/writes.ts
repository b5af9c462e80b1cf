import type { Request, Response, Router } from 'express';
import { NoBody, NoQuery } from '../../shared/contract';
import { WRITE_NAMES, WRITES, writeParamName, type WriteDeclaration, type WriteName } from '../../shared/writes';
import { createAuctionPaymentWrites } from './auctions/auction-payment-routes';
import type { AuctionPayments } from './auctions/auction-payments';
import { createAuctionWrites } from './auctions/auction-routes';
import type { AuctionService } from './auctions/auction-service';
import type { LotStreams } from './auctions/lot-events';
import type { SmsChallenges } from './auth/sms-challenge';
import { createSmsWrites } from './auth/sms-routes';
import { createTelegramWrites } from './auth/telegram-routes';
import type { ApiContext } from './context';
import { body as bodyOf, contractSchema, parseInput } from './http/input';
import { requestLanguage } from './http/language';
import { createIdentificationWrites } from './identification/identification-routes';
import type { IdentificationService } from './identification/identification-service';
import type { NumberStreams } from './numbers/number-events';
import { createOrderWrites } from './orders/order-routes';
import type { OrderService } from './orders/order-service';
import { createPaymentWrites } from './payments/payment-routes';
import type { PaymentService } from './payments/payment-service';
import { createReservationWrites } from './reservations/reservation-routes';
import type { ReservationService } from './reservations/reservation-service';
import { createWatchWrites } from './watches/watch-routes';
import type { WatchService } from './watches/watch-service';
import { countLimit, tokensOf } from './write-auth';
import { nothingNew, type WriteHandler, type WriteHandlers, type WriteInput } from './write-handler';

/**
 * The writes declared in shared/writes/, as routes: here, once for every write, in this order,
 * the query checked by its schema (none declared: none taken), the tokens its auth asks for verified, the path parameter
 * checked by its schema, the handler's own check that comes before the body (`before`), the body
 * checked by its schema (a POST without one takes an empty body), the declared limit counted;
 * then the handler answers with the declared status (a stream writes its events itself).
 */

/** The services the areas' writes are answered by. */
export interface WriteServices {
  reservations: ReservationService;
  watches: WatchService;
  numberStreams: NumberStreams;
  auctions: AuctionService;
  lotStreams: LotStreams;
  auctionPayments: AuctionPayments;
  smsChallenges: SmsChallenges;
  identifications: IdentificationService;
  orders: OrderService;
  payments: PaymentService;
}

/** Every declared write's handler, from its area's routes module: a missing one fails to compile here. */
export function createWrites(ctx: ApiContext, s: WriteServices): WriteHandlers<WriteName> {
  return {
    streamNumberStatuses: ({ req, res, query }) => s.numberStreams.serve(req, res, query.numbers),
    ...createReservationWrites(s.reservations),
    ...createWatchWrites(s.watches),
    ...createAuctionWrites(ctx, s.auctions, s.reservations, s.lotStreams),
    ...createAuctionPaymentWrites(s.auctionPayments),
    ...createSmsWrites(ctx, s.smsChallenges),
    ...createTelegramWrites(ctx),
    ...createIdentificationWrites(ctx, s.identifications),
    ...createOrderWrites(ctx, s.orders, s.identifications),
    ...createPaymentWrites(s.orders, s.payments),
  };
}

/** Express's spelling of a declared path: `{id}` as `:id`. */
const routePath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

type AnyInput = WriteInput<WriteName> & { res: Response };
type Answer = (input: AnyInput) => unknown;

async function serve(ctx: ApiContext, name: WriteName, handler: WriteHandler<WriteName>, req: Request, res: Response): Promise<void> {
  const declaration: WriteDeclaration = WRITES[name];
  // A write that declares no query takes none, as a read (NoQuery): an unknown or repeated parameter is a 400.
  const query = declaration.query ? parseInput(contractSchema(declaration.query), req.query) : void parseInput(NoQuery, req.query);
  const tokens = declaration.auth ? await tokensOf(ctx, req, declaration.auth) : {};
  const paramName = writeParamName(name);
  let param = paramName === null ? undefined : String(req.params[paramName]);
  if (paramName && declaration.params) {
    param = (parseInput(contractSchema(declaration.params), { [paramName]: param }) as Record<string, string>)[paramName];
  }
  // The one place the checked values meet their declared types (write-handler.ts), for every write at once.
  const input = { lang: requestLanguage(req), param, query, tokens, req, res } as unknown as AnyInput;
  const answer = (typeof handler === 'function' ? handler : await handler.before(input)) as Answer;
  if (declaration.body) input.body = bodyOf(req, contractSchema(declaration.body)) as never;
  else if (declaration.method === 'post') bodyOf(req, NoBody);
  const counted = declaration.limit ? await countLimit(ctx, req, declaration.limit, tokens) : null;
  const result = await Promise.resolve()
    .then(() => answer(input))
    .catch(async (refusal: unknown) => {
      await counted?.refused();
      throw refusal;
    });
  if (typeof result === 'object' && result !== null && nothingNew.has(result)) await counted?.unspent();
  if (declaration.events) return;
  if (declaration.answer) res.status(declaration.status).json(result);
  else res.status(declaration.status).end();
}

/**
 * Every declared write as a route of its method. The areas' routes come before the public reads
 * (server/api/reads.ts), whose `/numbers/{number}` and `/auctions/{id}` would take `events`.
 */
export function registerWrites(router: Router, ctx: ApiContext, handlers: WriteHandlers<WriteName>): void {
  for (const name of WRITE_NAMES) {
    const handler = handlers[name] as WriteHandler<WriteName>;
    router[WRITES[name].method](routePath(WRITES[name].path), (req, res) => serve(ctx, name, handler, req, res));
  }
}
