import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS } from './migrations';
import Database from 'better-sqlite3';
import { DATABASE_FILE, migrate, openDatabase } from './database';
import { seedIfEmpty } from '../seed/seed';
import { categoryById } from '../numbers/categories';
import { categoryOf } from '../numbers/number-patterns';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-store-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('store', () => {
  it('creates the data directory and the file, in WAL mode, with every migration recorded once', () => {
    const db = openDatabase(path.join(dir, 'nested'));
    expect(fs.existsSync(path.join(dir, 'nested', DATABASE_FILE))).toBe(true);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const versions = db
      .prepare('SELECT version FROM schema_migrations ORDER BY version')
      .all()
      .map((r) => (r as { version: number }).version);
    expect(versions).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    db.close();
  });

  it('brings a store of before the search indexes up to date: shapes, pattern tags, totals and trigrams of its numbers', () => {
    const file = path.join(dir, DATABASE_FILE);
    const old = new Database(file);
    old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    for (const m of MIGRATIONS.filter((m) => m.version <= 3)) {
      old.exec(m.sql);
      old.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, '2025-01-01T00:00:00Z');
    }
    const insert = old.prepare('INSERT INTO numbers (msisdn, subscriber, category, price, status) VALUES (?, ?, ?, ?, ?)');
    for (const [msisdn, status] of [
      ['+998771112222', 'free'],
      ['+998209871221', 'sold'],
      ['+998771234567', 'free'],
    ]) {
      const subscriber = msisdn.slice(-7);
      insert.run(msisdn, subscriber, categoryOf(subscriber), categoryById(categoryOf(subscriber))!.price, status);
    }
    old.close();

    const db = openDatabase(dir);
    expect(db.prepare('SELECT msisdn, shape7, tail4, tags FROM numbers ORDER BY msisdn').all()).toEqual([
      { msisdn: '+998209871221', shape7: 'ABCDEED', tail4: 'ABBA', tags: 2 },
      { msisdn: '+998771112222', shape7: 'AAABBBB', tail4: 'AAAA', tags: 1 },
      { msisdn: '+998771234567', shape7: 'ABCDEFG', tail4: 'ABCD', tags: 4 },
    ]);
    expect(db.prepare('SELECT category, status, numbers FROM number_totals ORDER BY category, status').all()).toEqual([
      { category: 'gold', status: 'free', numbers: 1 },
      { category: 'silver', status: 'free', numbers: 1 },
      { category: 'silver', status: 'sold', numbers: 1 },
    ]);
    expect(db.prepare("SELECT msisdn FROM number_digits WHERE gram = '456'").pluck().all()).toEqual(['+998771234567']);
    db.close();
  });

  it('seeds the same demo data every time (seeded generator)', () => {
    const numbersOf = (name: string) => {
      const db = openDatabase(path.join(dir, name));
      seedIfEmpty(db, Date.UTC(2025, 0, 1));
      const rows = db.prepare('SELECT msisdn, category, price, status FROM numbers ORDER BY id').all();
      db.close();
      return rows;
    };
    expect(numbersOf('a')).toEqual(numbersOf('b'));
  });

  it('seeds at least 2,000 numbers of our codes, priced by their digit pattern, and the other catalogues', () => {
    const db = openDatabase(dir);
    expect(seedIfEmpty(db, Date.now())).toBe(true);
    expect(seedIfEmpty(db, Date.now())).toBe(false);
    const numbers = db.prepare('SELECT msisdn, subscriber, category, price, status FROM numbers').all() as Array<{
      msisdn: string;
      subscriber: string;
      category: string;
      price: number;
      status: string;
    }>;
    expect(numbers.length).toBeGreaterThanOrEqual(2000);
    for (const n of numbers) {
      expect(n.msisdn).toMatch(/^\+998(77|20)\d{7}$/);
      expect(n.category).toBe(categoryOf(n.subscriber));
      if (n.status !== 'auction' && n.status !== 'sold') expect(n.price).toBe(categoryById(n.category)!.price);
    }
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS c FROM ${table}`).get() as { c: number }).c;
    expect(count('tariffs')).toBeGreaterThanOrEqual(5);
    expect(count('news')).toBeGreaterThanOrEqual(12);
    expect(count('points_of_sale')).toBeGreaterThanOrEqual(30);
    expect(count('auction_lots')).toBeGreaterThanOrEqual(9);
    db.close();
  });

  it('has an illustration file for every news image', () => {
    const db = openDatabase(dir);
    seedIfEmpty(db, Date.now());
    const images = db.prepare('SELECT image FROM news').all() as Array<{ image: string }>;
    const publicDir = path.join(__dirname, '..', '..', '..', 'client', 'public');
    for (const { image } of images) expect(fs.existsSync(path.join(publicDir, image))).toBe(true);
    db.close();
  });
});
