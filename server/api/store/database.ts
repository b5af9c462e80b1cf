import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

export const DATABASE_FILE = 'operator-api.sqlite';

/** Opens (creating if needed) the store in dataDir and brings its schema up to date. */
export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  // WAL lets readers proceed while a write commits; busy_timeout covers a second process on the same file.
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

/**
 * A write transaction that takes SQLite's write lock when it begins (`BEGIN IMMEDIATE`). With
 * several processes on one file (cluster workers), a deferred transaction that reads first and
 * writes later fails at its first write with SQLITE_BUSY ("database is locked") whenever another
 * process wrote in between, and busy_timeout cannot wait that out; one that asks for the lock up
 * front simply waits its turn. Every transaction of the API that writes goes through this.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the wrapped function's own signature is kept
export function writeTransaction<F extends (...args: any[]) => any>(db: Db, fn: F): F {
  return db.transaction(fn).immediate as unknown as F;
}

export function migrate(db: Db): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => (row as { version: number }).version),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const done: number[] = [];
  for (const migration of [...MIGRATIONS].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    writeTransaction(db, () => {
      // Another process may have applied it while this one waited for the lock.
      if (db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(migration.version)) return;
      db.exec(migration.sql);
      migration.run?.(db);
      record.run(migration.version, migration.name, new Date().toISOString());
      done.push(migration.version);
    })();
  }
  return done;
}
