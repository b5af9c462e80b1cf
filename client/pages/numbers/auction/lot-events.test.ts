import type { AuctionLot, AuctionLotDetail, Bid } from '../../../../shared/api-types';
import { unseenRivalBid, withLatestLots } from './lot-events';

const lot = (id: string, currentBid: number | null) => ({ id, currentBid }) as AuctionLot;

describe('withLatestLots', () => {
  it('replaces each listed lot by its latest state, keeping the order of the list', () => {
    const listed = [lot('lot-001', null), lot('lot-002', 5_000_000), lot('lot-003', null)];
    const next = withLatestLots(listed, [lot('lot-003', 7_000_000), lot('lot-001', 2_000_000)]);
    expect(next.map((l) => [l.id, l.currentBid])).toEqual([
      ['lot-001', 2_000_000],
      ['lot-002', 5_000_000],
      ['lot-003', 7_000_000],
    ]);
  });

  it('keeps a lot the snapshot no longer has (it ended) and adds none the list did not show', () => {
    const listed = [lot('lot-001', 1_000_000), lot('lot-002', null)];
    const next = withLatestLots(listed, [lot('lot-002', 3_000_000), lot('lot-009', 9_000_000)]);
    expect(next.map((l) => [l.id, l.currentBid])).toEqual([
      ['lot-001', 1_000_000],
      ['lot-002', 3_000_000],
    ]);
  });
});

describe('unseenRivalBid', () => {
  const bid = (amount: number, mine = false) => ({ amount, mine, bidder: '+998 90 *** ** 12', createdAt: '', automatic: false }) as Bid;
  const read = (...bids: Bid[]) => ({ id: 'lot-005', currentBid: bids[0]?.amount ?? null, bids }) as AuctionLotDetail;

  it('is the newest bid of a lot read whole when someone else placed it above what the page showed', () => {
    expect(unseenRivalBid(read(bid(6_000_000), bid(5_000_000)), 5_000_000)?.amount).toBe(6_000_000);
    expect(unseenRivalBid(read(bid(5_000_000)), null)?.amount).toBe(5_000_000);
  });

  it('is none for a bid already shown, the visitor’s own, a lot without bids, or the list’s lot (no bids listed)', () => {
    expect(unseenRivalBid(read(bid(6_000_000)), 6_000_000)).toBeNull();
    expect(unseenRivalBid(read(bid(7_000_000, true), bid(6_000_000)), 6_000_000)).toBeNull();
    expect(unseenRivalBid(read(), null)).toBeNull();
    expect(unseenRivalBid({ id: 'lot-005', currentBid: 9_000_000 } as AuctionLot, 1_000_000)).toBeNull();
  });
});
