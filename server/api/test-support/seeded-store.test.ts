import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { seedIfEmpty } from '../seed/seed';
import { DATABASE_FILE, openDatabase } from '../store/database';
import { copySeededStore, SEEDED_AT, SEEDED_STORES_VARIABLE } from './seeded-store';

/** Every table's rows in order, and the schema: all a store holds but when its migrations ran. */
function contents(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    const out: Record<string, unknown[]> = {
      schema: db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name').all(),
    };
    for (const table of tables) {
      const columns = (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[])
        // When each migration ran: the moment of the run, in a fresh seed as in a copy.
        .filter((column) => !(table === 'schema_migrations' && column === 'applied_at'));
      const order = columns.map((_, i) => i + 1).join(', ');
      out[table] = db
        .prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}" ORDER BY ${order}`)
        .raw()
        .all();
    }
    return out;
  } finally {
    db.close();
  }
}

function freshSeed(dir: string, now: number, demoNumbers?: number): string {
  const db = openDatabase(dir);
  seedIfEmpty(db, now, demoNumbers);
  db.close();
  return path.join(dir, DATABASE_FILE);
}

let root: string;
const was = process.env[SEEDED_STORES_VARIABLE];
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'oq-seeded-store-test-'));
  fs.mkdirSync(path.join(root, 'stores'));
  process.env[SEEDED_STORES_VARIABLE] = path.join(root, 'stores');
});
afterAll(() => {
  if (was === undefined) delete process.env[SEEDED_STORES_VARIABLE];
  else process.env[SEEDED_STORES_VARIABLE] = was;
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a copy of the seeded store', () => {
  it.each([
    ['at the moment the stores are seeded at', SEEDED_AT, undefined],
    ['a year and a half later, to the millisecond', Date.UTC(2026, 10, 28, 12, 34, 56, 789), undefined],
    ['before it, with 400 numbers', Date.UTC(2024, 1, 29, 23, 59, 59, 1), 400],
  ])('holds what the API seeds into an empty folder %s', (_, now, demoNumbers) => {
    const fresh = freshSeed(path.join(root, `fresh-${now}`), now, demoNumbers);
    const dataDir = path.join(root, `copy-${now}`);
    expect(copySeededStore(dataDir, now, demoNumbers)).toBe(true);
    expect(contents(path.join(dataDir, DATABASE_FILE))).toEqual(contents(fresh));
  });

  it('is seeded no more when the API opens it, and its lots run on the clock it was copied for', () => {
    const now = Date.UTC(2027, 0, 2, 3, 4, 5);
    const dataDir = path.join(root, 'opened');
    copySeededStore(dataDir, now);
    const db = openDatabase(dataDir);
    expect(seedIfEmpty(db, now)).toBe(false);
    const active = db.prepare('SELECT COUNT(*) FROM auction_lots WHERE starts_at <= ? AND ends_at > ? AND sold_at IS NULL').pluck();
    expect(active.get(now, now)).toBeGreaterThan(0);
    db.close();
  });

  it('is not made outside a jest run: the API seeds the folder itself', () => {
    delete process.env[SEEDED_STORES_VARIABLE];
    try {
      const dataDir = path.join(root, 'outside');
      expect(copySeededStore(dataDir, SEEDED_AT)).toBe(false);
      expect(fs.existsSync(path.join(dataDir, DATABASE_FILE))).toBe(false);
    } finally {
      process.env[SEEDED_STORES_VARIABLE] = path.join(root, 'stores');
    }
  });
});
