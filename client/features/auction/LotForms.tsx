import type { AuctionLotDetail, PlaceBidResponse } from '../../../shared/api-types';
import type { ShownLot } from '../../api/auctions';
import { BidForm } from './BidForm';
import { MaxBidForm } from './MaxBidForm';

/**
 * The lot's two amount forms, a bid and a maximum: shown only to a confirmed phone after
 * hydration, so the page loads them as a chunk of their own, off its first load (AuctionLotView).
 */
export function LotForms({
  lot,
  onAccepted,
  onChanged,
}: {
  lot: ShownLot;
  onAccepted: (result: PlaceBidResponse) => void;
  onChanged: (lot: AuctionLotDetail) => void;
}) {
  return (
    <>
      <BidForm lot={lot} onAccepted={onAccepted} />
      <MaxBidForm lot={lot} onChanged={onChanged} />
    </>
  );
}
