import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AuctionLot, AuctionLotDetail, Bid } from '../../../../shared/api-types';
import { fetchLot, lotStreamToken } from '../../../api/auctions';
import { subscribeClock } from '../../../features/purchase/clock';
import { followLotEvents, unseenRivalBid } from './lot-events';

/** Lots change while the visitor watches; without a live stream (refused, no EventSource) they are polled this often. */
export const LOT_REFRESH_MS = 20_000;
/** The bids the lot page lists, as the API's detail does. */
const BIDS_SHOWN = 20;

/**
 * A lot as the server last described it, with the difference between the server's clock and
 * the device's: the time left is the server's (docs/domain.md: the server's clock decides).
 */
export function useAuctionLot(initial: AuctionLotDetail, authToken: string | null) {
  const [lot, setLot] = useState<AuctionLotDetail>(initial);
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
      if (bid && !bids.some((b) => b.createdAt === bid.createdAt && b.amount === bid.amount)) bids = [bid, ...bids].slice(0, BIDS_SHOWN);
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

  // The page's data is the server's render; after hydration the lot's live stream (with the
  // visitor's own position when they have confirmed their phone), or polling when it is refused.
  useEffect(() => {
    offset.current ??= Date.parse(initial.serverTime) - Date.now();
    let stopped = false;
    let stop = () => {};
    let timer: ReturnType<typeof setInterval> | undefined;
    const poll = () => {
      void refresh();
      timer = setInterval(() => void refresh(), LOT_REFRESH_MS);
    };
    const path = `/auctions/${encodeURIComponent(initial.id)}/events`;
    void streamQuery(initial.id, authToken).then((query) => {
      if (stopped) return;
      stop = followLotEvents(`${path}${query}`, {
        snapshot: (data) => 'id' in data && accept(data),
        bid: (data) => accept(data.lot, data.bid),
        end: (ended) => accept(ended),
        refused: () => {
          stop();
          if (!stopped && timer === undefined) poll();
        },
      });
    });
    return () => {
      stopped = true;
      stop();
      clearInterval(timer);
    };
  }, [refresh, accept, authToken, initial.id, initial.serverTime]);

  const endsAtMs = Date.parse(lot.endsAt);
  const serverSnapshot = endsAtMs - Date.parse(initial.serverTime);
  // Whole seconds: the snapshot must not change between two reads within one tick.
  const read = () =>
    offset.current === null ? serverSnapshot : Math.max(0, Math.floor((endsAtMs - (Date.now() + offset.current)) / 1000) * 1000);
  // The view renders again when the lot ends, not on every tick: the time left is LotTimeLeft's.
  const over = useSyncExternalStore(
    subscribeClock,
    () => read() === 0,
    () => serverSnapshot <= 0,
  );

  return { lot, over, clock: { read, server: serverSnapshot } satisfies LotClock, extendedTo, newBid, accept, refresh };
}

/** The lot's time left on the server's clock (docs/domain.md: the server's clock decides), in ms. */
export interface LotClock {
  read: () => number;
  /** What the server's render showed, for hydration. */
  server: number;
}

/**
 * The lot's time left, again on every tick of the shared clock. Only the element that shows it
 * calls this: whatever calls it renders every second (bench:countdowns measures what a whole
 * page rendered on every tick costs a slow phone).
 */
export function useLotMsLeft({ read, server }: LotClock): number {
  return useSyncExternalStore(subscribeClock, read, () => server);
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
