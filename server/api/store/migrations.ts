import type Database from 'better-sqlite3';
import { INDEX_NUMBER_DIGITS, REBUILD_NUMBER_TOTALS, storedNumber } from '../numbers/number-columns';
import { DATA_VERSIONS_MIGRATION } from './data-version-triggers';
import { TELEGRAM_CONTACTS_MIGRATION } from './telegram-contacts-migration';
import { SMS_CHALLENGES_MIGRATION } from './sms-challenges-migration';
import { SMS_SIGN_IN_MIGRATION } from './sms-sign-in-migration';
import { AUCTION_PAYMENTS_MIGRATION } from './auction-payments-migration';
import { AUCTION_BANS_MIGRATION } from './auction-bans-migration';
import { ORDER_CANCEL_MIGRATION } from './order-cancel-migration';

/**
 * Numbered schema migrations. Each runs once, in order, inside one transaction together with
 * its row in schema_migrations; a released migration is never edited, only followed by a new one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Fills what SQL alone cannot compute (columns derived in TypeScript), in the same transaction. */
  run?: (db: Database.Database) => void;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'catalogue: numbers, auctions, tariffs, news, points of sale, identity registry',
    sql: `
      CREATE TABLE numbers (
        id INTEGER PRIMARY KEY,
        msisdn TEXT NOT NULL UNIQUE,
        subscriber TEXT NOT NULL,
        category TEXT NOT NULL,
        price INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('free', 'auction', 'sold')),
        -- A hold is a reservation or an order awaiting payment; it lapses by the clock alone.
        hold_kind TEXT CHECK (hold_kind IN ('reservation', 'order')),
        hold_ref TEXT,
        held_until INTEGER
      );
      CREATE INDEX numbers_category ON numbers (category, price);
      CREATE TABLE auction_lots (
        id TEXT PRIMARY KEY,
        number_id INTEGER NOT NULL REFERENCES numbers (id),
        start_price INTEGER NOT NULL,
        step INTEGER NOT NULL,
        buy_now_price INTEGER,
        starts_at INTEGER NOT NULL,
        ends_at INTEGER NOT NULL,
        sold_price INTEGER,
        sold_at INTEGER,
        sold_to TEXT
      );
      CREATE TABLE bids (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        lot_id TEXT NOT NULL REFERENCES auction_lots (id),
        phone TEXT NOT NULL,
        amount INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX bids_lot ON bids (lot_id, amount DESC, id);
      CREATE TABLE tariffs (
        id TEXT PRIMARY KEY,
        position INTEGER NOT NULL,
        texts TEXT NOT NULL,
        monthly_price INTEGER NOT NULL,
        internet_gb INTEGER NOT NULL,
        minutes INTEGER,
        sms INTEGER NOT NULL,
        night_internet_gb INTEGER NOT NULL,
        dedicated_gb INTEGER NOT NULL,
        discount_percent INTEGER NOT NULL
      );
      CREATE TABLE news (
        slug TEXT PRIMARY KEY,
        published_at TEXT NOT NULL,
        image TEXT NOT NULL,
        image_width INTEGER NOT NULL,
        image_height INTEGER NOT NULL,
        texts TEXT NOT NULL
      );
      CREATE TABLE points_of_sale (
        id TEXT PRIMARY KEY,
        city TEXT NOT NULL,
        lat REAL NOT NULL,
        lon REAL NOT NULL,
        phone TEXT NOT NULL,
        services TEXT NOT NULL,
        hours TEXT NOT NULL,
        texts TEXT NOT NULL
      );
      CREATE TABLE identity_registry (
        document TEXT PRIMARY KEY,
        birth_date TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('verified', 'rejected', 'pending')),
        reason TEXT
      );
    `,
  },
  {
    version: 2,
    name: 'visitors: sms codes, reservations, identifications, orders, payments',
    sql: `
      CREATE TABLE sms_codes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        phone TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        used_at INTEGER
      );
      CREATE INDEX sms_codes_phone ON sms_codes (phone, created_at);
      CREATE TABLE reservations (
        id TEXT PRIMARY KEY,
        number_id INTEGER NOT NULL REFERENCES numbers (id),
        price INTEGER NOT NULL,
        lot_id TEXT REFERENCES auction_lots (id),
        status TEXT NOT NULL CHECK (status IN ('active', 'cancelled', 'replaced', 'ordered')),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        order_id TEXT
      );
      CREATE TABLE identifications (
        id TEXT PRIMARY KEY,
        phone TEXT NOT NULL,
        method TEXT NOT NULL CHECK (method IN ('remote', 'manual')),
        document_type TEXT,
        document_masked TEXT,
        status TEXT NOT NULL,
        reason TEXT,
        point_of_sale_id TEXT REFERENCES points_of_sale (id),
        appointment_at INTEGER,
        created_at INTEGER NOT NULL,
        resolves_at INTEGER
      );
      CREATE INDEX identifications_phone ON identifications (phone, created_at);
      CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        reservation_id TEXT NOT NULL REFERENCES reservations (id),
        number_id INTEGER NOT NULL REFERENCES numbers (id),
        lot_id TEXT,
        phone TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('created', 'paid', 'activated', 'expired')),
        number_price INTEGER NOT NULL,
        tariff TEXT NOT NULL,
        sim_type TEXT NOT NULL,
        sim_price INTEGER NOT NULL,
        email TEXT,
        delivery TEXT,
        total INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        payment_deadline INTEGER NOT NULL,
        paid_at INTEGER,
        activated_at INTEGER
      );
      CREATE TABLE payments (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders (id),
        provider TEXT NOT NULL,
        amount INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'declined', 'refunded')),
        return_path TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        decided_at INTEGER
      );
      CREATE INDEX payments_order ON payments (order_id);
    `,
  },
  {
    version: 3,
    name: 'the latest lot of a number found by index (number search and lookups)',
    sql: `
      CREATE INDEX auction_lots_number ON auction_lots (number_id, starts_at DESC);
    `,
  },
  {
    version: 4,
    name: 'per-client limits: who made a booking or asked for a code, orders by phone, rate counters',
    sql: `
      ALTER TABLE reservations ADD COLUMN client_key TEXT;
      CREATE INDEX reservations_client ON reservations (client_key, created_at);
      ALTER TABLE sms_codes ADD COLUMN client_key TEXT;
      CREATE INDEX sms_codes_client ON sms_codes (client_key, created_at);
      CREATE INDEX orders_phone_status ON orders (phone, status, payment_deadline);
      -- rate-limiter-flexible's table (RateLimiterSQLite), made here so every worker finds it.
      CREATE TABLE rate_limits (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER);
    `,
  },
  {
    version: 5,
    name: 'number search by index: digit shape and pattern columns, trigram table, totals kept by triggers',
    sql: `
      ALTER TABLE numbers ADD COLUMN shape7 TEXT NOT NULL DEFAULT '';
      ALTER TABLE numbers ADD COLUMN tail4 TEXT NOT NULL DEFAULT '';
      ALTER TABLE numbers ADD COLUMN tags INTEGER NOT NULL DEFAULT 0;
      DROP INDEX numbers_category;
      -- Every index ends in (price, msisdn), the order of the results, so a search reads one page
      -- of index entries per price; the ones named sale hold only what is for sale.
      -- held_until rides along so that a walk of what is for sale needs no row to skip the held ones.
      CREATE INDEX numbers_sale ON numbers (price, msisdn, held_until) WHERE status = 'free';
      CREATE INDEX numbers_sale_category ON numbers (category, price, msisdn, held_until) WHERE status = 'free';
      CREATE INDEX numbers_all ON numbers (price, msisdn);
      CREATE INDEX numbers_category ON numbers (category, price, msisdn);
      CREATE INDEX numbers_shape7 ON numbers (shape7, price, msisdn);
      CREATE INDEX numbers_tail4 ON numbers (tail4, price, msisdn);
      CREATE INDEX numbers_end3 ON numbers (substr(msisdn, -3), price, msisdn);
      CREATE INDEX numbers_end2 ON numbers (substr(msisdn, -2), price, msisdn);
      CREATE INDEX numbers_repeats ON numbers (price, msisdn) WHERE tags & 1;
      CREATE INDEX numbers_mirror ON numbers (price, msisdn) WHERE tags & 2;
      CREATE INDEX numbers_sequence ON numbers (price, msisdn) WHERE tags & 4;
      -- Holds lapse by the clock: the ones still running are a short range of this index.
      CREATE INDEX numbers_held ON numbers (held_until) WHERE held_until IS NOT NULL;
      CREATE TABLE number_digits (
        gram TEXT NOT NULL,
        price INTEGER NOT NULL,
        msisdn TEXT NOT NULL,
        PRIMARY KEY (gram, price, msisdn)
      ) WITHOUT ROWID;
      -- How many numbers there are of each category, pattern set, status and price: the category
      -- totals and the prices a search walks through, kept current by the triggers below.
      CREATE TABLE number_totals (
        category TEXT NOT NULL,
        tags INTEGER NOT NULL,
        status TEXT NOT NULL,
        price INTEGER NOT NULL,
        numbers INTEGER NOT NULL,
        PRIMARY KEY (category, tags, status, price)
      ) WITHOUT ROWID;
      -- Bumped whenever a number is stored, sold or changes category or price (never by a hold).
      CREATE TABLE number_catalogue (version INTEGER NOT NULL);
      INSERT INTO number_catalogue (version) VALUES (0);
      CREATE TRIGGER number_totals_insert AFTER INSERT ON numbers BEGIN
        INSERT INTO number_totals (category, tags, status, price, numbers) VALUES (NEW.category, NEW.tags, NEW.status, NEW.price, 1)
          ON CONFLICT DO UPDATE SET numbers = numbers + 1;
        UPDATE number_catalogue SET version = version + 1;
      END;
      CREATE TRIGGER number_totals_delete AFTER DELETE ON numbers BEGIN
        UPDATE number_totals SET numbers = numbers - 1
         WHERE category = OLD.category AND tags = OLD.tags AND status = OLD.status AND price = OLD.price;
        UPDATE number_catalogue SET version = version + 1;
      END;
      CREATE TRIGGER number_totals_update AFTER UPDATE OF category, tags, status, price ON numbers BEGIN
        UPDATE number_totals SET numbers = numbers - 1
         WHERE category = OLD.category AND tags = OLD.tags AND status = OLD.status AND price = OLD.price;
        INSERT INTO number_totals (category, tags, status, price, numbers) VALUES (NEW.category, NEW.tags, NEW.status, NEW.price, 1)
          ON CONFLICT DO UPDATE SET numbers = numbers + 1;
        UPDATE number_catalogue SET version = version + 1;
      END;
      CREATE TRIGGER number_digits_price AFTER UPDATE OF price ON numbers BEGIN
        UPDATE number_digits SET price = NEW.price WHERE msisdn = NEW.msisdn AND price = OLD.price;
      END;
    `,
    run: (db) => {
      // A store created before this migration: derive the new columns, then the totals and trigrams.
      const rows = db.prepare('SELECT id, msisdn, status FROM numbers').all() as Array<{ id: number; msisdn: string; status: 'free' }>;
      const update = db.prepare('UPDATE numbers SET shape7 = @shape7, tail4 = @tail4, tags = @tags WHERE id = @id');
      for (const row of rows) {
        const { shape7, tail4, tags } = storedNumber(row.msisdn, row.status);
        update.run({ id: row.id, shape7, tail4, tags });
      }
      db.exec(REBUILD_NUMBER_TOTALS);
      db.prepare(INDEX_NUMBER_DIGITS).run({ afterId: 0 });
    },
  },
  {
    version: 6,
    name: 'holds limited by the catalogue: who booked (network, verified phone), the person behind a premium order',
    sql: `
      ALTER TABLE reservations ADD COLUMN network_key TEXT;
      -- The verified phone that made the booking; NULL for a booking made without the SMS step.
      ALTER TABLE reservations ADD COLUMN phone TEXT;
      CREATE INDEX reservations_network ON reservations (network_key, created_at);
      CREATE INDEX reservations_phone ON reservations (phone, created_at) WHERE phone IS NOT NULL;
      -- A keyed hash of the document verified at identification (never the document itself).
      ALTER TABLE identifications ADD COLUMN person_key TEXT;
      ALTER TABLE orders ADD COLUMN person_key TEXT;
      -- A number with a price or won at auction: a short payment window, one unpaid per person.
      ALTER TABLE orders ADD COLUMN premium INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX orders_person_premium ON orders (person_key, status, payment_deadline) WHERE premium = 1;
    `,
  },
  {
    version: 7,
    name: 'a counter of holds and lots beside the catalogue version, so an answer of the number search can be kept until either moves',
    sql: `
      -- Bumped whenever a hold is taken, moved or released, and whenever a lot is listed or removed:
      -- with the catalogue's version and the next hold to lapse, it says when a search answer is stale.
      ALTER TABLE number_catalogue ADD COLUMN holds INTEGER NOT NULL DEFAULT 0;
      CREATE TRIGGER number_catalogue_holds AFTER UPDATE OF held_until, hold_ref ON numbers BEGIN
        UPDATE number_catalogue SET holds = holds + 1;
      END;
      CREATE TRIGGER number_catalogue_lot_insert AFTER INSERT ON auction_lots BEGIN
        UPDATE number_catalogue SET holds = holds + 1;
      END;
      CREATE TRIGGER number_catalogue_lot_delete AFTER DELETE ON auction_lots BEGIN
        UPDATE number_catalogue SET holds = holds + 1;
      END;
    `,
  },
  {
    version: 8,
    name: 'the eSIM profile of an activated eSIM order (SM-DP+ address, matching ID, confirmation code)',
    sql: `
      CREATE TABLE esim_profiles (
        order_id TEXT PRIMARY KEY REFERENCES orders (id),
        smdp_address TEXT NOT NULL,
        -- One profile per matching ID, ever: an activation code installs once.
        matching_id TEXT NOT NULL UNIQUE,
        confirmation_code TEXT,
        issued_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 9,
    name: 'a log of number status changes (holds taken, moved, released or lapsed; numbers sold) for the live availability streams',
    sql: `
      -- One row per change of a number's status or hold, whichever process wrote it: the live
      -- streams follow it by id (and resume by it), and read the number's status when they pass it on.
      CREATE TABLE number_changes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        msisdn TEXT NOT NULL
      );
      CREATE INDEX number_changes_msisdn ON number_changes (msisdn, id);
      CREATE TRIGGER number_changes_update AFTER UPDATE OF status, held_until ON numbers
        WHEN OLD.status IS NOT NEW.status OR OLD.held_until IS NOT NEW.held_until BEGIN
        INSERT INTO number_changes (msisdn) VALUES (NEW.msisdn);
      END;
      -- A hold lapses by the clock with no write: the first worker to see the clock pass a hold's end
      -- logs it, and moves this mark (inside one write transaction, so each lapse is logged once).
      -- NULL until a stream first follows the log: lapses from before then are nobody's news.
      CREATE TABLE number_lapses (logged_until INTEGER);
      INSERT INTO number_lapses (logged_until) VALUES (NULL);
    `,
  },
  {
    version: 10,
    name: 'number watches: a saved search per verified phone, told by SMS when a matching number comes free',
    sql: `
      -- A number stored later (not the first seed) is news for the watches too.
      CREATE TRIGGER number_changes_insert AFTER INSERT ON numbers BEGIN
        INSERT INTO number_changes (msisdn) VALUES (NEW.msisdn);
      END;
      CREATE TABLE number_watches (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        phone TEXT NOT NULL,
        -- The saved search: one digit criterion (mask, contains, ends_with or date) and/or a category.
        category TEXT,
        contains TEXT,
        ends_with TEXT,
        mask TEXT,
        date TEXT,
        -- The language the visitor saved it in: the SMS is written in it.
        lang TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        -- The last SMS (at most one a day) and the visitor's removal.
        last_sent_at INTEGER,
        removed_at INTEGER
      );
      CREATE INDEX number_watches_phone ON number_watches (phone, expires_at) WHERE removed_at IS NULL;
      -- Each SMS a watch sent: the number it named, and when.
      CREATE TABLE watch_alerts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        watch_id TEXT NOT NULL REFERENCES number_watches (id),
        msisdn TEXT NOT NULL,
        sent_at INTEGER NOT NULL
      );
      -- How far the watches have read the log of number changes: moved in the write transaction
      -- that matches the changes, so each change is matched once whichever process reads it.
      -- NULL until the first look: changes from before any watch could exist are nobody's news.
      CREATE TABLE watch_cursor (change_id INTEGER);
      INSERT INTO watch_cursor (change_id) VALUES (NULL);
    `,
  },
  {
    version: 11,
    name: 'maximum (proxy) bids: a bidder states the most they will pay and the reference API bids for them',
    sql: `
      -- A bid the reference API placed for a bidder's maximum: shown as automatic to everyone.
      ALTER TABLE bids ADD COLUMN automatic INTEGER NOT NULL DEFAULT 0;
      -- One standing maximum per bidder and lot, seen only by its owner. The id orders them:
      -- at equal maximums the earlier wins, and a raised maximum takes a new id (it is newer).
      CREATE TABLE max_bids (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        lot_id TEXT NOT NULL REFERENCES auction_lots (id),
        phone TEXT NOT NULL,
        amount INTEGER NOT NULL,
        set_at INTEGER NOT NULL,
        UNIQUE (lot_id, phone)
      );
    `,
  },
  {
    version: 12,
    name: 'an index of the first three subscriber digits, for masks that fix them and end in letters or blanks (12345XY)',
    sql: `
      -- A mask whose digits stand at the start of the subscriber number (12345X_) leaves the
      -- indexes of the ending and of the letters nothing to drive; this one drives it, in result order.
      CREATE INDEX numbers_head3 ON numbers (substr(msisdn, 7, 3), price, msisdn);
    `,
  },
  {
    version: 13,
    name: 'number watches send one SMS a day per phone, whatever happened to its watches',
    sql: `
      -- The watches' deciding statement looks for any watch of the phone, removed ones too, that
      -- sent an SMS within the day (the partial index of standing watches cannot answer that).
      CREATE INDEX number_watches_phone_sent ON number_watches (phone, last_sent_at);
    `,
  },
  {
    version: 14,
    name: 'auction rules: the scheduled end a late bid extends from (capped), and the bid a maximum was first set after',
    sql: `
      -- The end a lot was scheduled for, before any late bid moved it: the cap of the extensions
      -- (AUCTION_EXTEND_MAX_HOURS) counts from it. A lot already extended keeps its present end.
      ALTER TABLE auction_lots ADD COLUMN scheduled_ends_at INTEGER;
      UPDATE auction_lots SET scheduled_ends_at = ends_at;
      -- Any insert that leaves it out gets its own end, so no lot goes without a cap.
      CREATE TRIGGER auction_lots_scheduled_end AFTER INSERT ON auction_lots WHEN NEW.scheduled_ends_at IS NULL BEGIN
        UPDATE auction_lots SET scheduled_ends_at = NEW.ends_at WHERE id = NEW.id;
      END;
      -- The lot's newest bid when the maximum was first set (kept when it is raised or lowered):
      -- another phone's bid after it contests the maximum, which can then only be raised. A
      -- maximum from before this column counts from 0: any rival bid on its lot contests it.
      ALTER TABLE max_bids ADD COLUMN since_bid INTEGER NOT NULL DEFAULT 0;
    `,
  },
  DATA_VERSIONS_MIGRATION,
  TELEGRAM_CONTACTS_MIGRATION,
  SMS_CHALLENGES_MIGRATION,
  AUCTION_PAYMENTS_MIGRATION,
  AUCTION_BANS_MIGRATION,
  SMS_SIGN_IN_MIGRATION,
  ORDER_CANCEL_MIGRATION,
];
