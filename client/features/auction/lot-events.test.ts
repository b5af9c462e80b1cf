/** @jest-environment @happy-dom/jest-environment */
import type { AuctionLot, AuctionLotDetail, Bid } from '../../../shared/api-types';
import { FakeEventSource, openedStream, withBrowserFakes } from './auction-test-support';
import { FIRST_ANSWER_MS, followLotEvents, LOT_REFRESH_MS, unseenRivalBid, withLatestLots } from './lot-events';

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

describe('followLotEvents', () => {
  withBrowserFakes();
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  /** The list's stream followed, with its polls counted; the stream open (the browser idle). */
  async function follow() {
    const poll = jest.fn();
    const stop = followLotEvents('/auctions/events', { snapshot: jest.fn(), bid: jest.fn(), poll });
    jest.advanceTimersByTime(0);
    return { poll, stop, stream: await openedStream('/auctions/events') };
  }

  it('never polls while the stream answers', async () => {
    const { poll, stop, stream } = await follow();
    stream.send('snapshot', { items: [] });
    jest.advanceTimersByTime(FIRST_ANSWER_MS + 3 * LOT_REFRESH_MS);
    expect(poll).not.toHaveBeenCalled();
    expect(stream.readyState).toBe(FakeEventSource.OPEN);
    stop();
  });

  it('closes a stream that gives no first answer in time (held back on the way) and polls instead, at once and then regularly', async () => {
    const { poll, stop, stream } = await follow();
    jest.advanceTimersByTime(FIRST_ANSWER_MS - 1);
    expect(poll).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    jest.advanceTimersByTime(2 * LOT_REFRESH_MS);
    expect(poll).toHaveBeenCalledTimes(3);
    stop();
    jest.advanceTimersByTime(LOT_REFRESH_MS);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('polls at once when the server refuses the stream, once, not again when the wait for a first answer ends', async () => {
    const { poll, stop, stream } = await follow();
    stream.readyState = FakeEventSource.CLOSED;
    stream.dispatchEvent(new Event('error'));
    expect(poll).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(FIRST_ANSWER_MS);
    expect(poll).toHaveBeenCalledTimes(1);
    stop();
  });

  it('neither polls nor keeps the stream open once stopped', async () => {
    const { poll, stop, stream } = await follow();
    stop();
    jest.advanceTimersByTime(FIRST_ANSWER_MS + LOT_REFRESH_MS);
    expect(poll).not.toHaveBeenCalled();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });
});
