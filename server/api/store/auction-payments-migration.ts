/**
 * Migration 18: the payments an auction takes itself (issue 61), apart from orders: a buy-now,
 * which ends the lot only once it is paid, and a premium lot's deposit, held while its owner
 * bids. One row per payment (its id is the sandbox payment's); at most one pending or paid row
 * per kind, lot and phone, so two requests (in any worker) never open or take a second one.
 * A row's change bumps its lot's data version: the lot page states a buy-now's and a deposit's
 * outcome (data-version-triggers.ts).
 */
const bumpLot = (row: 'NEW' | 'OLD') =>
  `INSERT INTO data_versions (topic, version) VALUES ('lot:' || ${row}.lot_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;`;

export const AUCTION_PAYMENTS_MIGRATION = {
  version: 18,
  name: 'auction payments: buy-now paid before it ends a lot, deposits of premium lots',
  sql: `
    CREATE TABLE auction_payments (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('buy_now', 'deposit')),
      lot_id TEXT NOT NULL REFERENCES auction_lots (id),
      phone TEXT NOT NULL,
      provider TEXT NOT NULL,
      amount INTEGER NOT NULL,
      -- pending: waiting for the provider until expires_at; paid: taken (a buy-now won the lot, a
      -- deposit is held); declined; cancelled: another buy-now was paid first, nothing taken;
      -- refunded: taken when the lot could no longer be had, given back; lapsed: not paid in time.
      status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'declined', 'cancelled', 'refunded', 'lapsed')),
      return_path TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      decided_at INTEGER
    );
    CREATE UNIQUE INDEX auction_payments_open ON auction_payments (kind, lot_id, phone) WHERE status IN ('pending', 'paid');
    CREATE INDEX auction_payments_lot ON auction_payments (lot_id, kind, status);
    CREATE TRIGGER data_versions_auction_payments_insert AFTER INSERT ON auction_payments BEGIN ${bumpLot('NEW')} END;
    CREATE TRIGGER data_versions_auction_payments_update AFTER UPDATE ON auction_payments BEGIN ${bumpLot('NEW')} END;
    CREATE TRIGGER data_versions_auction_payments_delete AFTER DELETE ON auction_payments BEGIN ${bumpLot('OLD')} END;
  `,
};
