import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AuctionLot, AuctionLotDetail } from '../../../shared/api-types';
import { apiClient } from '../../api-client';
import { subscribeClock } from '../../features/purchase/clock';
import { readAuth } from '../../features/purchase/token-store';

/** Lots change while the visitor watches (other bids, a late bid extending the end). */
export const LOT_REFRESH_MS = 20_000;

/** The auth token travels in its own header: the Bearer may be another token (see reservation-api). */
export function authHeaders(): Record<string, string> {
  const auth = readAuth();
  return auth ? { 'X-Auth-Token': auth.token } : {};
}

/**
 * A lot as the server last described it, with the difference between the server's clock and
 * the device's: the time left is the server's (DOMAIN.md: the server's clock decides).
 */
export function useAuctionLot(initial: AuctionLotDetail, authToken: string | null) {
  const [lot, setLot] = useState<AuctionLotDetail>(initial);
  const [extendedTo, setExtendedTo] = useState<string | null>(null);
  const offset = useRef<number | null>(null);
  const lastEnd = useRef(initial.endsAt);

  const accept = useCallback((next: AuctionLot | AuctionLotDetail) => {
    offset.current = Date.parse(next.serverTime) - Date.now();
    if (Date.parse(next.endsAt) > Date.parse(lastEnd.current)) setExtendedTo(next.endsAt);
    lastEnd.current = next.endsAt;
    setLot((previous) => ({ ...previous, ...next, bids: 'bids' in next ? next.bids : previous.bids }));
  }, []);

  const refresh = useCallback(async () => {
    try {
      const { data } = await apiClient().get<AuctionLotDetail>(`/auctions/${encodeURIComponent(initial.id)}`, { headers: authHeaders() });
      accept(data);
    } catch {
      // The shared client already told the visitor; the lot keeps its last known state.
    }
  }, [accept, initial.id]);

  // The page's data is the server's render; after hydration: the visitor's own bid and position.
  useEffect(() => {
    offset.current ??= Date.parse(initial.serverTime) - Date.now();
    void refresh();
    const timer = setInterval(() => void refresh(), LOT_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh, authToken, initial.serverTime]);

  const endsAtMs = Date.parse(lot.endsAt);
  const serverSnapshot = endsAtMs - Date.parse(initial.serverTime);
  const msLeft = useSyncExternalStore(
    subscribeClock,
    () => {
      if (offset.current === null) return serverSnapshot;
      // Whole seconds: the snapshot must not change between two reads within one tick.
      return Math.max(0, Math.floor((endsAtMs - (Date.now() + offset.current)) / 1000) * 1000);
    },
    () => serverSnapshot,
  );

  return { lot, msLeft, extendedTo, accept, refresh };
}
