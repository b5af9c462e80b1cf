import type { AuctionLot } from '../../../shared/api-types';
import { withLatestLots } from './lot-events';

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
