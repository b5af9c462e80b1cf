/**
 * What the auction's component tests share: a lot as the API describes it, and the browser's parts
 * happy-dom lacks (client/testing/browser-fakes.ts).
 */
import type { AuctionLot, AuctionLotDetail } from '../../../shared/api-types';
import { fakeDateOnly } from '../../../shared/testing/fake-date';

/** The server's clock when it answered: 14:00 in Tashkent (UTC+5). */
export const SERVER_TIME = '2026-11-20T09:00:00.000Z';

/** An active lot, an hour and a half (and half a minute, so whole minutes stay put) before its end, with bids by others. */
/** The rules of paying for a lot, the same on every test lot: launch defaults, no deposit. */
const PAYMENT_RULES = {
  paymentWindowSeconds: 1800,
  whenUnpaid: 'relist',
  buyNowWindowSeconds: 900,
  banSeconds: 30 * 86400,
  depositPercent: 0,
  plainBidMaxSteps: 10,
  confirmAbove: 10_000_000,
} as const;

export function lotDetail(changes: Partial<AuctionLotDetail> = {}): AuctionLotDetail {
  return {
    id: 'lot-042',
    number: '+998771234567',
    formatted: '+998 77 123 45 67',
    status: 'active',
    startPrice: 1_000_000,
    step: 100_000,
    buyNowPrice: null,
    currentBid: 1_500_000,
    minimumBid: 1_600_000,
    bidCount: 3,
    startsAt: '2026-11-19T09:00:00.000Z',
    endsAt: '2026-11-20T10:30:30.000Z',
    serverTime: SERVER_TIME,
    soldPrice: null,
    myBid: null,
    myPosition: null,
    myTurnToBuyUntil: null,
    myMaxBid: null,
    rules: {
      lateBidSeconds: 120,
      extendMaxSeconds: 1800,
      latestEndAt: '2026-11-20T11:00:30.000Z',
      ...PAYMENT_RULES,
    },
    depositAmount: null,
    bids: [{ amount: 1_500_000, bidder: '+998 90 *** ** 67', createdAt: '2026-11-20T08:50:00.000Z', mine: false, automatic: false }],
    ...changes,
  };
}

export { FakeEventSource, openedStream, withBrowserFakes } from '../../testing/browser-fakes';

/** A running lot the bid forms are shown for: the next bid 1,100,000, buy-now at 5,000,000. */
export const FORM_LOT: AuctionLot = {
  id: 'lot-1',
  number: '+998901111111',
  formatted: '+998 90 111 11 11',
  status: 'active',
  startPrice: 1_000_000,
  step: 100_000,
  buyNowPrice: 5_000_000,
  currentBid: 1_000_000,
  minimumBid: 1_100_000,
  bidCount: 1,
  startsAt: '2030-01-01T10:00:00Z',
  endsAt: '2030-01-02T10:00:00Z',
  serverTime: '2030-01-01T12:00:00Z',
  soldPrice: null,
  myBid: null,
  myPosition: null,
  myTurnToBuyUntil: null,
  rules: {
    lateBidSeconds: 300,
    extendMaxSeconds: 3600,
    latestEndAt: '2030-01-02T11:00:00Z',
    ...PAYMENT_RULES,
  },
  depositAmount: null,
};

/**
 * The device's clock stopped at the server's (SERVER_TIME) in each test: the page counts a lot's
 * time left on the device's clock until a fresh answer gives it the server's (use-auction-lot.ts),
 * so a lot of these dates runs here as it did for the server. Only `Date` is faked: timers run.
 */
export function atServerTime(): void {
  beforeEach(() => {
    fakeDateOnly(Date.parse(SERVER_TIME));
  });
  afterEach(() => {
    jest.useRealTimers();
  });
}
