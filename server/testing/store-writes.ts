import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../api/store/database';

/**
 * Changes of the store's public data as another process writing the store would make them (an
 * editor's tool, a second site process): each through a connection of its own, closed after. The
 * page store's tests change the data this way; the two reads pick what the changes are made on.
 */

function withStore<T>(dataDir: string, use: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** Retitles the newest news item in English. */
export function retitleNewestNews(dataDir: string, title: string): void {
  withStore(dataDir, (db) =>
    db
      .prepare(
        "UPDATE news SET texts = json_set(texts, '$.en.title', ?) WHERE slug = (SELECT slug FROM news ORDER BY published_at DESC LIMIT 1)",
      )
      .run(title),
  );
}

/** Sets the monthly price of the tariff at `position` (1 is the first offered). */
export function repriceTariff(dataDir: string, position: number, monthlyPrice: number): void {
  withStore(dataDir, (db) => db.prepare('UPDATE tariffs SET monthly_price = ? WHERE position = ?').run(monthlyPrice, position));
}

/** The lot not sold yet that ends last: the one a bid is placed on. */
export function openLot(dataDir: string): string {
  return withStore(dataDir, (db) =>
    db.prepare('SELECT id FROM auction_lots WHERE sold_at IS NULL ORDER BY ends_at DESC LIMIT 1').pluck().get(),
  ) as string;
}

/** A bid of `amount` on `lot`, placed now. */
export function placeBid(dataDir: string, lot: string, amount: number): void {
  withStore(dataDir, (db) =>
    db.prepare('INSERT INTO bids (lot_id, phone, amount, created_at) VALUES (?, ?, ?, ?)').run(lot, '+998901111111', amount, Date.now()),
  );
}

/** The cheapest free number of `category`: the first its search shows. */
export function cheapestFreeNumber(dataDir: string, category: string): string {
  return withStore(dataDir, (db) =>
    db.prepare("SELECT msisdn FROM numbers WHERE status = 'free' AND category = ? ORDER BY price, msisdn LIMIT 1").pluck().get(category),
  ) as string;
}

/** Holds `msisdn` for a reservation until `until` (epoch ms), as a visitor's booking does. */
export function holdNumber(dataDir: string, msisdn: string, until: number): void {
  withStore(dataDir, (db) =>
    db
      .prepare("UPDATE numbers SET hold_kind = 'reservation', hold_ref = ?, held_until = ? WHERE msisdn = ?")
      .run(`r-${msisdn}`, until, msisdn),
  );
}

/** Frees `msisdn` from its hold, as a cancelled booking does. */
export function freeNumber(dataDir: string, msisdn: string): void {
  withStore(dataDir, (db) =>
    db.prepare('UPDATE numbers SET hold_kind = NULL, hold_ref = NULL, held_until = NULL WHERE msisdn = ?').run(msisdn),
  );
}
