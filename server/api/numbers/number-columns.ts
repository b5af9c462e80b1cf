import type Database from 'better-sqlite3';
import { categoryById } from './categories';
import { categoryOf, matchesPattern, NUMBER_PATTERNS, type NumberPattern } from './number-patterns';

/**
 * Columns computed once when a number is stored, so a search matches masks and patterns in SQL
 * through an index instead of reading every candidate into JavaScript.
 */

/** One bit per search pattern in `numbers.tags`. */
export const PATTERN_BITS: Record<NumberPattern, number> = { repeats: 1, mirror: 2, sequence: 4 };

/**
 * The digit shape: each digit replaced by a letter, the first distinct digit by A, the second
 * by B, and so on (1112222 -> AAABBBB). Two digit strings have the same shape exactly when the
 * same positions hold equal digits, which is what a mask made only of letters asks.
 */
export function digitShape(digits: string): string {
  // Letters by character code, in an array rather than a Map: the seed shapes a million numbers twice.
  const letters: number[] = [];
  let next = 65;
  let shape = '';
  for (let i = 0; i < digits.length; i++) {
    const code = digits.charCodeAt(i);
    const letter = (letters[code] ??= next++);
    shape += String.fromCharCode(letter);
  }
  return shape;
}

export function patternTags(subscriber: string): number {
  return NUMBER_PATTERNS.reduce((tags, p) => (matchesPattern(subscriber, p) ? tags | PATTERN_BITS[p] : tags), 0);
}

export interface StoredNumberColumns {
  msisdn: string;
  subscriber: string;
  category: string;
  price: number;
  status: 'free' | 'auction' | 'sold';
  shape7: string;
  tail4: string;
  tags: number;
}

/** Everything stored for a number of our codes: its category and price follow from its digits. */
export function storedNumber(msisdn: string, status: StoredNumberColumns['status'], price?: number): StoredNumberColumns {
  const subscriber = msisdn.slice(-7);
  const category = categoryOf(subscriber);
  return {
    msisdn,
    subscriber,
    category,
    price: price ?? categoryById(category)!.price,
    status,
    shape7: digitShape(subscriber),
    tail4: digitShape(subscriber.slice(3)),
    tags: patternTags(subscriber),
  };
}

/** The one statement that stores a number; the columns above are always filled with it. */
export const INSERT_NUMBER = `INSERT INTO numbers (msisdn, subscriber, category, price, status, shape7, tail4, tags)
  VALUES (@msisdn, @subscriber, @category, @price, @status, @shape7, @tail4, @tags) RETURNING id`;

/**
 * The trigram index of the nine national digits (operator code and subscriber), the equivalent
 * of SQLite FTS5's trigram tokenizer but ordered by (price, msisdn) within each trigram, so a
 * digit search walks it in the order of the results and stops after one page.
 */
export const INDEX_NUMBER_DIGITS = `
  INSERT OR IGNORE INTO number_digits (gram, price, msisdn)
  SELECT substr(n.msisdn, 4 + p.at, 3), n.price, n.msisdn
    FROM numbers n, (SELECT 1 AS at UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7) p
   WHERE n.id > @afterId
   ORDER BY 1, 2, 3`;

/** The totals the triggers of migration 5 keep current, counted afresh (after a bulk load). */
export const REBUILD_NUMBER_TOTALS = `
  DELETE FROM number_totals;
  INSERT INTO number_totals (category, tags, status, price, numbers)
  SELECT category, tags, status, price, COUNT(*) FROM numbers GROUP BY category, tags, status, price;
  UPDATE number_catalogue SET version = version + 1`;

/**
 * Stores many numbers at once: the indexes and triggers of `numbers` are set aside during the
 * load and rebuilt after it (building an index from sorted rows is many times faster than
 * updating a dozen of them row by row), then the totals and the trigrams are computed once.
 * Runs inside the caller's transaction, so a failed load leaves nothing behind.
 */
export function bulkLoadNumbers(db: Database.Database, load: () => void): void {
  const schema = db
    .prepare("SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = 'numbers' AND type IN ('index', 'trigger') AND sql IS NOT NULL")
    .all() as Array<{ type: 'index' | 'trigger'; name: string; sql: string }>;
  for (const item of schema) db.exec(`DROP ${item.type === 'index' ? 'INDEX' : 'TRIGGER'} "${item.name}"`);
  const afterId = (db.prepare('SELECT COALESCE(MAX(id), 0) FROM numbers').pluck().get() as number) ?? 0;
  load();
  for (const item of schema) db.exec(item.sql);
  // Numbers added to a catalogue that had some are news for the watches (the first seed is not).
  if (afterId > 0)
    db.prepare("INSERT INTO number_changes (msisdn) SELECT msisdn FROM numbers WHERE id > ? AND status = 'free'").run(afterId);
  db.exec(REBUILD_NUMBER_TOTALS);
  db.prepare(INDEX_NUMBER_DIGITS).run({ afterId });
}
