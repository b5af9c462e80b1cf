import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { seedIfEmpty } from '../seed/seed';
import { DEFAULT_DEMO_NUMBERS } from '../seed/seed-numbers';
import { DATABASE_FILE, openDatabase } from '../store/database';

/**
 * The demo store, seeded once per run and size and copied into each test's folder, instead of
 * migrated and seeded again by every test API and site (about half of a small route test's CPU).
 * A copy is the store the API would have seeded there itself: the same file, its auction times
 * moved to the moment it is copied at (`seeded-store.test.ts` compares them table by table with a
 * fresh seed). The jest projects' global setup (`server/testing/global-setup.ts`) names the folder
 * of the run's seeded stores in SEEDED_STORES_VARIABLE; outside jest nothing is copied and the API
 * seeds as it always does.
 */
export const SEEDED_STORES_VARIABLE = 'OQ_SEEDED_STORES_DIR';

/** The moment the seeded stores are seeded at: the start of the test APIs' clock (test-api.ts TestClock). */
export const SEEDED_AT = Date.UTC(2025, 5, 16, 7, 0, 0);

/** A folder for the run's seeded stores (the global setup's; both projects' in a run of both), with the default size in it. */
export function prepareSeededStores(): string {
  const running = process.env[SEEDED_STORES_VARIABLE];
  if (running && fs.existsSync(running)) return running;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oq-seeded-stores-'));
  seededStore(dir, DEFAULT_DEMO_NUMBERS);
  return dir;
}

/** Removes the run's seeded stores (the global teardown's). */
export function removeSeededStores(): void {
  const dir = process.env[SEEDED_STORES_VARIABLE];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  delete process.env[SEEDED_STORES_VARIABLE];
}

/** The seeded store of that size in `dir`, seeded first if no test asked for it yet. */
function seededStore(dir: string, demoNumbers: number): string {
  const file = path.join(dir, `${demoNumbers}.sqlite`);
  if (fs.existsSync(file)) return file;
  // Seeded in a folder of its own and renamed into place whole: two workers asking for the same
  // size at once each seed it (once per run), and neither ever copies half a file.
  const work = fs.mkdtempSync(path.join(dir, 'seeding-'));
  try {
    const db = openDatabase(work);
    seedIfEmpty(db, SEEDED_AT, demoNumbers);
    // One file, no write-ahead log beside it: what a copy of the file alone holds is the whole store.
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    fs.renameSync(path.join(work, DATABASE_FILE), file);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return file;
}

/**
 * Puts the demo store of `demoNumbers` seeded at `now` into the empty folder `dataDir`, when the run
 * has seeded stores; false (nothing done) outside jest, where the API seeds it itself.
 */
export function copySeededStore(dataDir: string, now: number, demoNumbers = DEFAULT_DEMO_NUMBERS): boolean {
  const dir = process.env[SEEDED_STORES_VARIABLE];
  if (!dir || !fs.existsSync(dir)) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  const copy = path.join(dataDir, DATABASE_FILE);
  fs.copyFileSync(seededStore(dir, demoNumbers), copy);
  if (now !== SEEDED_AT) moveSeededTimes(copy, now - SEEDED_AT);
  return true;
}

/**
 * The seed's only times are its auction lots' and their bids', each a distance from the moment it
 * seeds (seed-numbers.ts LOTS): moved by `by`, they are what a seed at that moment writes. The
 * update's triggers bump the lots' data versions, which a fresh seed leaves where its inserts put
 * them: they are put back.
 */
function moveSeededTimes(file: string, by: number): void {
  const db = new Database(file);
  try {
    db.transaction(() => {
      const versions = db.prepare('SELECT topic, version FROM data_versions').all() as Array<{ topic: string; version: number }>;
      db.prepare(
        `UPDATE auction_lots SET starts_at = starts_at + :by, ends_at = ends_at + :by,
           scheduled_ends_at = scheduled_ends_at + :by, sold_at = sold_at + :by`,
      ).run({ by });
      db.prepare('UPDATE bids SET created_at = created_at + :by').run({ by });
      db.prepare('DELETE FROM data_versions').run();
      const put = db.prepare('INSERT INTO data_versions (topic, version) VALUES (:topic, :version)');
      for (const row of versions) put.run(row);
    })();
  } finally {
    db.close();
  }
}
