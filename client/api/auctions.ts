import type { AuctionLot, AuctionLotDetail, AuctionLotList, LotStatus } from '../../shared/api-types';
import { apiClient } from '../api-client';

/** `GET /auctions?status`, as anyone sees it (no bidder's own position). */
export async function fetchAuctions(context: unknown, status: LotStatus): Promise<AuctionLot[]> {
  const { data } = await apiClient(context).get<AuctionLotList>('/auctions', { params: { status } });
  return data.items;
}

/** `GET /auctions/{id}`, as anyone sees it; rejects with the API's 404 for an unknown lot. */
export async function fetchAuctionLot(context: unknown, id: string): Promise<AuctionLotDetail> {
  const { data } = await apiClient(context).get<AuctionLotDetail>(`/auctions/${encodeURIComponent(id)}`);
  return data;
}
