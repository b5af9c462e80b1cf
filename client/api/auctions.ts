import type {
  AuctionLot,
  AuctionLotDetail,
  AuctionPaymentResponse,
  LotStatus,
  PaymentProvider,
  PlaceBidResponse,
  ReservationResponse,
} from '../../shared/api-types';
import { apiClient } from './api-client';
import { credentialHeaders } from './credentials';
import { readerOf, type RouteContext } from './reader';
import { send } from './writer';

const lotPath = (id: string) => `/auctions/${encodeURIComponent(id)}`;

/**
 * A lot as a loader hands it to a page: without the server's clock (`serverTime`). A stored page
 * is served for as long as its data is unchanged, hours after its render (docs/architecture.md,
 * the page store): the moment of the render must not go into its HTML, where the page would
 * count from it. The browser takes the server's clock from fresh answers only (the live streams,
 * a poll).
 */
export type ShownLot = Omit<AuctionLot, 'serverTime'>;
export type ShownLotDetail = Omit<AuctionLotDetail, 'serverTime'>;

function withoutServerTime<T extends { serverTime: string }>({ serverTime: _serverTime, ...lot }: T): Omit<T, 'serverTime'> {
  return lot;
}

/** `GET /auctions?status`, as anyone sees it (no bidder's own position), for a loader (see ShownLot). */
export async function fetchAuctions(context: RouteContext, status: LotStatus): Promise<ShownLot[]> {
  return (await readerOf(context).auctions({ status })).items.map(withoutServerTime);
}

/** `GET /auctions?status=active` from the browser, with the server's clock: the list's poll without its stream. */
export async function fetchActiveLots(): Promise<AuctionLot[]> {
  return (await readerOf().auctions({ status: 'active' })).items;
}

/** `GET /auctions/{id}`, as anyone sees it (a loader, server or browser; see ShownLot); rejects with the API's 404 for an unknown lot. */
export async function fetchAuctionLot(context: RouteContext, id: string): Promise<ShownLotDetail> {
  return withoutServerTime(await readerOf(context).auction(id));
}

/** The lot with the visitor's own position when they have confirmed their phone (browser only). */
export async function fetchLot(id: string): Promise<AuctionLotDetail> {
  const { data } = await apiClient().get<AuctionLotDetail>(lotPath(id), credentialHeaders('auth'));
  return data;
}

export function placeBid(lotId: string, amount: number): Promise<PlaceBidResponse> {
  return send('placeBid', { param: lotId, body: { amount } });
}

/** Sets, raises or lowers the visitor's maximum; the lot comes back with the automatic bids it placed and the maximum (theirs only). */
export function setMaxBid(lotId: string, maxAmount: number): Promise<AuctionLotDetail> {
  return send('setMaxBid', { param: lotId, body: { maxAmount } });
}

export function removeMaxBid(lotId: string): Promise<AuctionLotDetail> {
  return send('removeMaxBid', { param: lotId });
}

/**
 * EventSource sends no headers, so the owner's position travels as a stream token in the URL:
 * read-only and for this one lot (the auth token itself never goes into a URL or a log).
 */
export async function lotStreamToken(lotId: string): Promise<string> {
  return (await send('createStreamToken', { param: lotId })).streamToken;
}

/** The winner's (or buy-now) booking of the lot's number, replacing the visitor's own; the caller stores it like any other booking. */
export function reserveLot(lotId: string): Promise<ReservationResponse> {
  return send('reserveWonLot', { param: lotId });
}

/** Buys the lot now, or pays its deposit: the sandbox payment the API opens (the same one again while it is pending). */
export function startLotPayment(
  lotId: string,
  kind: 'buy-now' | 'deposit',
  provider: PaymentProvider,
  returnPath: string,
): Promise<AuctionPaymentResponse> {
  return send(kind === 'buy-now' ? 'buyNow' : 'payDeposit', { param: lotId, body: { provider, returnPath } });
}
