/**
 * Migration 19: what the bans of auction-bans.ts look up by phone (issue 61): the lots a phone bid
 * on, and its buy-now payments that lapsed. Without these a bid would read every bid and payment.
 */
export const AUCTION_BANS_MIGRATION = {
  version: 19,
  name: 'a phone that let a payment window lapse is barred from bidding: its bids and buy-nows by phone',
  sql: `
    CREATE INDEX bids_phone ON bids (phone, lot_id);
    CREATE INDEX auction_payments_phone ON auction_payments (phone, kind, expires_at);
  `,
};
