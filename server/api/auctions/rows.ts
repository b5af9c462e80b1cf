/** The store's rows of lots and bids, as the auction's modules read them. */

export interface LotRow {
  id: string;
  number_id: number;
  msisdn: string;
  start_price: number;
  step: number;
  buy_now_price: number | null;
  starts_at: number;
  ends_at: number;
  /** The end the lot was scheduled for, before any late bid moved it: the cap of the extensions counts from it. */
  scheduled_ends_at: number;
  sold_price: number | null;
  sold_at: number | null;
  sold_to: string | null;
}

export interface BidRow {
  id: number;
  lot_id: string;
  phone: string;
  amount: number;
  created_at: number;
  /** 1 when the reference API placed it for the bidder's maximum (max-bids.ts). */
  automatic: number;
}
