import type { ShownLot } from '../../api/auctions';

/**
 * Whether the visitor may bid on the lot now: not barred (rule 7 of server/api/auctions/bid-rules.ts),
 * and with the deposit held where the lot asks one (rule 8). Apart from LotPayments, which the lot
 * page loads from its own chunk once a confirmed phone needs it.
 */
export function mayBid(lot: ShownLot): boolean {
  return !lot.myBannedUntil && (lot.depositAmount === null || lot.myDeposit?.status === 'held');
}
