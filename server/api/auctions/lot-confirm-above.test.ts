import request from 'supertest';
import { AuctionLot, AuctionLotDetail } from '../../../shared/contract/auctions';
import { createTestApi, type TestApi } from '../test-support/test-api';

/**
 * The sum above which the lot page asks a bidder to review a bid or a maximum once before it is
 * sent: the API's own setting (AUCTION_CONFIRM_BID_ABOVE), said in every lot's rules, never the
 * page's guess.
 */

let t: TestApi | undefined;
afterEach(() => t?.close());

describe("the lot's answer carries the review threshold (rules.confirmAbove)", () => {
  it('says the default 10,000,000 UZS on a lot and on the list, as the schema declares it', async () => {
    t = createTestApi();
    const lot = (await request(t.app).get('/api/v1/auctions/lot-006').expect(200)).body;
    expect(lot.rules.confirmAbove).toBe(10_000_000);
    expect(AuctionLotDetail.safeParse(lot).success).toBe(true);
    const list = (await request(t.app).get('/api/v1/auctions').expect(200)).body;
    expect(list.items.length).toBeGreaterThan(0);
    for (const item of list.items) {
      expect(item.rules.confirmAbove).toBe(10_000_000);
      expect(AuctionLot.safeParse(item).success).toBe(true);
    }
  });

  it('says the configured sum', async () => {
    t = createTestApi({ auctionConfirmBidAbove: 2_500_000 });
    const lot = (await request(t.app).get('/api/v1/auctions/lot-004').expect(200)).body;
    expect(lot.rules.confirmAbove).toBe(2_500_000);
  });

  it('is declared in the schema: a lot without it is not an AuctionLot', async () => {
    t = createTestApi();
    const lot = (await request(t.app).get('/api/v1/auctions/lot-006').expect(200)).body;
    const { confirmAbove, ...rules } = lot.rules;
    expect(confirmAbove).toBe(10_000_000);
    expect(AuctionLotDetail.safeParse({ ...lot, rules }).success).toBe(false);
  });
});
