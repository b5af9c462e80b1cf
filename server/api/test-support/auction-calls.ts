import type express from 'express';
import request from 'supertest';

/**
 * The auction's calls as its route tests make them, for the app of the test at hand (a getter: a
 * test file makes a new API for each test). `lot` is the file's usual lot, `buyNowLot` its lot
 * with a buy-now price.
 */
export function auctionCalls(app: () => express.Express, lot: string, buyNowLot = lot) {
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const lotPath = (id: string) => `/api/v1/auctions/${id}`;
  return {
    as,
    lotAs: (token: string | null, id = lot) =>
      request(app())
        .get(lotPath(id))
        .set(token ? as(token) : {}),
    bid: (token: string, amount: number, id = lot) =>
      request(app())
        .post(`${lotPath(id)}/bids`)
        .set(as(token))
        .send({ amount }),
    setMax: (token: string, maxAmount: number, id = lot) =>
      request(app())
        .post(`${lotPath(id)}/max-bid`)
        .set(as(token))
        .send({ maxAmount }),
    buyNow: (token: string, id = buyNowLot) =>
      request(app())
        .post(`${lotPath(id)}/buy-now`)
        .set(as(token))
        .send({ provider: 'payme', returnPath: `/en/numbers?lot=${id}` }),
    deposit: (token: string, id = lot) =>
      request(app())
        .post(`${lotPath(id)}/deposit`)
        .set(as(token))
        .send({ provider: 'card', returnPath: `/en/numbers?lot=${id}` }),
    /** The sandbox's answer to a payment it shows (its `paymentUrl`): approved or declined. */
    decide: (paymentUrl: string, decision: 'approve' | 'decline') => request(app()).post(`${paymentUrl}/${decision}`).expect(303),
  };
}
