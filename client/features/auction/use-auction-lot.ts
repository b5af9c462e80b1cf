import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AuctionLot, AuctionLotDetail, Bid } from '../../../shared/api-types';
import { fetchLot, lotStreamToken, type ShownLotDetail } from '../../api/auctions';
import { subscribeClock } from '../../platform/clock';
import { followLotEvents, unseenRivalBid } from './lot-events';

/** The bids the lot page lists, as the API's detail does. */
const BIDS_SHOWN = 20;

/**
 * A lot as the server last described it, with the difference between the server's clock and
 * the device's: the time left is the server's (docs/domain.md: the server's clock decides). The
 * difference comes from fresh answers only (the stream's snapshot and events, a poll, a bid's
 * answer), never from the page's render, which the page store may serve hours later; until the
 * first one the device's own clock counts to the lot's end, and never says it has passed (msLeft).
 */
export function useAuctionLot(initial: ShownLotDetail, authToken: string | null) {
  const [lot, setLot] = useState<ShownLotDetail>(initial);
  const [extendedTo, setExtendedTo] = useState<string | null>(null);
  const offset = useRef<number | null>(null);
  const lastEnd = useRef(initial.endsAt);

  /** The latest bid by someone else, announced to screen readers. */
  const [newBid, setNewBid] = useState<Bid | null>(null);
  /** The highest bid the page has shown: a lot read whole announces only a bid above it. */
  const shownAmount = useRef(initial.currentBid);

  const accept = useCallback((next: AuctionLot | AuctionLotDetail, bid?: Bid) => {
    offset.current = Date.parse(next.serverTime) - Date.now();
    if (Date.parse(next.endsAt) > Date.parse(lastEnd.current)) setExtendedTo(next.endsAt);
    lastEnd.current = next.endsAt;
    setLot((previous) => {
      let bids = 'bids' in next ? next.bids : previous.bids;
      if (bid) {
        const same = (b: Bid) => b.createdAt === bid.createdAt && b.amount === bid.amount;
        // A bid already listed (a stream read without the visitor's phone may have brought it
        // first) keeps its place; that it is theirs is known from whichever said so.
        bids = bids.some(same)
          ? bids.map((b) => (same(b) && bid.mine && !b.mine ? { ...b, mine: true } : b))
          : [bid, ...bids].slice(0, BIDS_SHOWN);
      }
      return { ...previous, ...next, bids };
    });
    const announced = bid ? (bid.mine ? null : bid) : unseenRivalBid(next, shownAmount.current);
    shownAmount.current = Math.max(shownAmount.current ?? 0, next.currentBid ?? 0);
    if (announced) setNewBid(announced);
  }, []);

  const refresh = useCallback(async () => {
    try {
      accept(await fetchLot(initial.id));
    } catch {
      // The shared client already told the visitor; the lot keeps its last known state.
    }
  }, [accept, initial.id]);

  // What only the owner's own read shows (their buy-now, deposit, ban and maximum: no stream
  // carries them, and the server's render is nobody's) is read once their token is known, so a
  // visitor back from the sandbox payment sees what it did (a buy-now paid, a deposit held).
  useEffect(() => {
    if (!authToken) return;
    let stopped = false;
    fetchLot(initial.id).then(
      (next) => stopped || accept(next),
      // The shared client already told the visitor; the lot keeps what the page shows.
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [authToken, accept, initial.id]);

  // The page's data is the server's render; after hydration the lot's live stream (with the
  // visitor's own position when they have confirmed their phone), or polling without one.
  useEffect(() => {
    let stopped = false;
    let stop = () => {};
    const path = `/auctions/${encodeURIComponent(initial.id)}/events`;
    void streamQuery(initial.id, authToken).then((query) => {
      if (stopped) return;
      stop = followLotEvents(`${path}${query}`, {
        snapshot: (data) => 'id' in data && accept(data),
        bid: (data) => accept(data.lot, data.bid),
        end: (ended) => accept(ended),
        poll: () => void refresh(),
      });
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [refresh, accept, authToken, initial.id]);

  const endsAt = lot.endsAt;
  const read = () => msLeft(endsAt, offset.current);
  // The view renders again when the lot ends, not on every tick: the time left is LotTimeLeft's.
  // The server's render (and hydration) shows the lot as its status says: an active lot is
  // running, since the page store renders the page again when the lot closes. Over by the
  // server's clock only: by the device's alone (read() null) the lot is being decided, and the
  // page asks the server (the stream's first answer, or the poll that stands in for it).
  const over = useSyncExternalStore(
    subscribeClock,
    () => read() === 0,
    () => false,
  );

  return { lot, over, clock: { read, endsAt } satisfies LotClock, extendedTo, newBid, accept, refresh };
}

/**
 * The time left until `endsAt` (ISO), in ms, on the device's clock moved by `offsetMs` (the
 * server's clock minus the device's, from a fresh answer). Without one (null) the device's clock
 * may be hours off: when it says the end has passed, the time left is unknown (null), the lot is
 * being decided, never over. Whole seconds: the snapshot must not change between two reads
 * within one tick.
 */
export function msLeft(endsAt: string, offsetMs: number | null): number | null {
  const left = Math.max(0, Math.floor((Date.parse(endsAt) - (Date.now() + (offsetMs ?? 0))) / 1000) * 1000);
  return left > 0 || offsetMs !== null ? left : null;
}

/** A lot's end and its time left on the server's clock (docs/domain.md: the server's clock decides), in ms. */
export interface LotClock {
  /** Read in the browser only, after hydration (LotTimeLeft); null while the lot is being decided (msLeft). */
  read: () => number | null;
  /** The lot's end (ISO): what the server's render and hydration show. */
  endsAt: string;
}

/**
 * The lot's time left, again on every tick of the shared clock. Only the element that shows it
 * calls this, after hydration (LotTimeLeft): whatever calls it renders every second
 * (bench:countdowns measures what a whole page rendered on every tick costs a slow phone).
 */
export function useLotMsLeft({ read }: LotClock): number | null {
  // Never rendered on the server: the third reader is for React's signature only.
  return useSyncExternalStore(subscribeClock, read, read);
}

/** The stream's query: a stream token when the visitor has confirmed their phone (see lotStreamToken). */
async function streamQuery(lotId: string, authToken: string | null): Promise<string> {
  if (!authToken) return '';
  try {
    return `?token=${encodeURIComponent(await lotStreamToken(lotId))}`;
  } catch {
    // The shared client already told the visitor; the stream still shows every bid, without their position.
    return '';
  }
}
