import type { AuctionLot, AuctionLotDetail, Bid } from '../../../shared/api-types';
import type { ShownLot } from '../../api/auctions';
import { followEvents } from '../../api/event-stream';

/** What the API's auction streams send (docs/api.md, "Live auctions"). */
export interface LotBidEvent {
  lotId: string;
  /** Absent on the stream of every lot (the list shows prices only). */
  bid?: Bid;
  lot: AuctionLot;
}

/** Lots change while the visitor watches; without a live stream they are polled this often. */
export const LOT_REFRESH_MS = 20_000;
/**
 * A stream that has said nothing by then (its first event is a snapshot, sent at once) is held
 * back on the way, by a proxy that buffers it: neither an event nor an error comes. The page
 * polls instead, as when the stream is refused.
 */
export const FIRST_ANSWER_MS = 5_000;

export interface LotEventHandlers {
  snapshot?(data: AuctionLotDetail | { items: AuctionLot[] }): void;
  bid(data: LotBidEvent): void;
  /** The lot ended or was sold: the stream closes for good. */
  end?(lot: AuctionLot): void;
  /**
   * Reads the lots again, without the stream: the server refused it (too many from this
   * connection, no stream support) or it gave no first answer within FIRST_ANSWER_MS. Called at
   * once, then every LOT_REFRESH_MS.
   */
  poll(): void;
}

/** Follows one of the auction streams (`/auctions/{id}/events`, `/auctions/events`), or polls without one. Returns the way to stop. */
export function followLotEvents(path: string, handlers: LotEventHandlers): () => void {
  let stopStream = () => {};
  let timer: ReturnType<typeof setInterval> | undefined;
  const poll = () => {
    clearTimeout(silence);
    stopStream();
    if (timer !== undefined) return;
    handlers.poll();
    timer = setInterval(handlers.poll, LOT_REFRESH_MS);
  };
  const silence = setTimeout(poll, FIRST_ANSWER_MS);
  const answer =
    <T>(listener: (data: T) => void) =>
    (data: T) => {
      clearTimeout(silence);
      listener(data);
    };
  const end = ({ lot }: { lot: AuctionLot }) => {
    // Left open, the browser would reconnect to a stream that has nothing more to say.
    stopStream();
    handlers.end?.(lot);
  };
  stopStream = followEvents(
    path,
    {
      ...(handlers.snapshot ? { snapshot: answer(handlers.snapshot) } : {}),
      bid: answer(handlers.bid),
      ended: answer(end),
      sold: answer(end),
    },
    poll,
  );
  return () => {
    clearTimeout(silence);
    stopStream();
    clearInterval(timer);
  };
}

/**
 * The listed lots, each replaced by its latest state where `latest` has one: the list keeps its
 * order and its lots (one that ended keeps the state it was last shown with, as the server's
 * render did), and a lot it does not list is not added.
 */
export function withLatestLots(listed: readonly ShownLot[], latest: readonly ShownLot[]): ShownLot[] {
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
