import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS } from './migrations';
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
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all().map((r) => (r as { version: number }).version);
    expect(versions).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
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
    const numbers = db.prepare('SELECT msisdn, subscriber, category, price, status FROM numbers').all() as Array<{ msisdn: string; subscriber: string; category: string; price: number; status: string }>;
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
