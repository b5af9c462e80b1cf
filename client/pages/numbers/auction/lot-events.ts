import type { AuctionLot, AuctionLotDetail, Bid } from '../../../../shared/api-types';
import { followEvents } from '../../../api/event-stream';

/** What the API's auction streams send (docs/api.md, "Live auctions"). */
export interface LotBidEvent {
  lotId: string;
  /** Absent on the stream of every lot (the list shows prices only). */
  bid?: Bid;
  lot: AuctionLot;
}

export interface LotEventHandlers {
  snapshot?(data: AuctionLotDetail | { items: AuctionLot[] }): void;
  bid(data: LotBidEvent): void;
  /** The lot ended or was sold: the stream closes for good. */
  end?(lot: AuctionLot): void;
  /** The server refused the stream (too many from this connection, no stream support): poll instead. */
  refused?(): void;
}

/** Follows one of the auction streams (`/auctions/{id}/events`, `/auctions/events`). Returns the way to stop. */
export function followLotEvents(path: string, handlers: LotEventHandlers): () => void {
  let stop = () => {};
  const end = ({ lot }: { lot: AuctionLot }) => {
    // Left open, the browser would reconnect to a stream that has nothing more to say.
    stop();
    handlers.end?.(lot);
  };
  stop = followEvents(
    path,
    { ...(handlers.snapshot ? { snapshot: handlers.snapshot } : {}), bid: handlers.bid, ended: end, sold: end },
    handlers.refused,
  );
  return stop;
}

/**
 * The listed lots, each replaced by its latest state where `latest` has one: the list keeps its
 * order and its lots (one that ended keeps the state it was last shown with, as the server's
 * render did), and a lot it does not list is not added.
 */
export function withLatestLots(listed: readonly AuctionLot[], latest: readonly AuctionLot[]): AuctionLot[] {
  const byId = new Map(latest.map((lot) => [lot.id, lot]));
  return listed.map((lot) => byId.get(lot.id) ?? lot);
}

/**
 * The bid a lot read whole (the stream's snapshot, a refresh) brings that the page has not shown:
 * its newest, when someone else placed it and it is above the highest amount shown (bids only
 * rise). A bid placed while the stream was not open yet (before it opened at idle, or while it
 * reopened with the visitor's token) arrives so, and is announced like one the stream sent.
 */
export function unseenRivalBid(next: AuctionLot | AuctionLotDetail, shownAmount: number | null): Bid | null {
  if (!('bids' in next)) return null;
  const newest = next.bids[0];
  return newest && !newest.mine && newest.amount > (shownAmount ?? 0) ? newest : null;
}
