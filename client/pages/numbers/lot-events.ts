import type { AuctionLot, AuctionLotDetail, Bid } from '../../../shared/api-types';

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

/**
 * Follows one of the API's event streams (`/auctions/{id}/events`, `/auctions/events`) with the
 * browser's EventSource, which reconnects by itself with `Last-Event-ID` after a dropped network
 * or a server going away, and resumes without gaps. Returns the way to stop.
 */
export function followLotEvents(path: string, handlers: LotEventHandlers): () => void {
  if (typeof EventSource === 'undefined') {
    handlers.refused?.();
    return () => {};
  }
  const source = new EventSource(`${window.__APP__.config.apiBaseUrl}${path}`);
  const read =
    <T>(listener: (data: T) => void) =>
    (message: MessageEvent<string>) =>
      listener(JSON.parse(message.data) as T);
  if (handlers.snapshot) source.addEventListener('snapshot', read(handlers.snapshot));
  source.addEventListener('bid', read(handlers.bid));
  for (const name of ['ended', 'sold']) {
    source.addEventListener(
      name,
      read<{ lot: AuctionLot }>(({ lot }) => {
        // Left open, the browser would reconnect to a stream that has nothing more to say.
        source.close();
        handlers.end?.(lot);
      }),
    );
  }
  source.addEventListener('error', () => {
    // CONNECTING: the browser is already retrying. CLOSED: the server answered with an error (429, 401).
    if (source.readyState === EventSource.CLOSED) handlers.refused?.();
  });
  return () => source.close();
}
