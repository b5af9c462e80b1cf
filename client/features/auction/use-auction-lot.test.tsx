/** @jest-environment @happy-dom/jest-environment */
import { act, renderHook } from '@testing-library/react';
import type { AuctionLot, Bid } from '../../../shared/api-types';
import { lotDetail, withBrowserFakes } from './auction-test-support';
import { useAuctionLot } from './use-auction-lot';

withBrowserFakes();

const ownBid: Bid = { amount: 2_000_000, bidder: '+998 90 *** ** 12', createdAt: '2026-11-20T08:59:00.000Z', mine: true, automatic: false };

/**
 * A bid reaches the lot page twice: in the bid's own answer, which knows it is the visitor's, and
 * in the lot's stream, whose read may be without the visitor's phone (before its stream token).
 * Whichever comes first, the page lists the bid once, as the visitor's.
 */
describe("the visitor's own bid on the lot page", () => {
  const afterBid = (lot: ReturnType<typeof lotDetail>): AuctionLot => {
    const { bids: _bids, ...rest } = lot;
    return { ...rest, currentBid: ownBid.amount };
  };

  it('is theirs when the stream, read without their phone, brought it before the answer', () => {
    const initial = lotDetail();
    const { result } = renderHook(() => useAuctionLot(initial, null));
    act(() => result.current.accept(afterBid(initial), { ...ownBid, mine: false }));
    act(() => result.current.accept(afterBid(initial), ownBid));
    const listed = result.current.lot.bids.filter((b) => b.createdAt === ownBid.createdAt);
    expect(listed).toEqual([ownBid]);
  });

  it('stays theirs when the stream brings it after the answer', () => {
    const initial = lotDetail();
    const { result } = renderHook(() => useAuctionLot(initial, null));
    act(() => result.current.accept(afterBid(initial), ownBid));
    act(() => result.current.accept(afterBid(initial), { ...ownBid, mine: false }));
    expect(result.current.lot.bids.filter((b) => b.createdAt === ownBid.createdAt)).toEqual([ownBid]);
  });
});
