/**
 * Migration 15: a version for each kind of public data, bumped by triggers in the transaction
 * that changes it, whichever process or cluster worker writes the SQLite file. A rendered page
 * remembers the versions of what it read (server/api/store/data-versions.ts) and is served again
 * only while they stand. Triggers rather than calls in each write: a write added later cannot
 * forget to bump.
 *
 * The numbers keep their own counters (number_catalogue, migrations 5 and 7), which a bump here
 * would only duplicate; the constructor's options and SIM types are code (the build id covers them).
 */

/** One topic's bump, for the body of a trigger. */
const bump = (topic: string) =>
  `INSERT INTO data_versions (topic, version) VALUES (${topic}, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;`;

/** Triggers after every insert, update and delete of `table`, bumping the topics each row names (NEW or OLD). */
function triggersOn(table: string, topics: (row: 'NEW' | 'OLD') => string[]): string {
  const events = [
    ['insert', 'INSERT', 'NEW'],
    ['update', 'UPDATE', 'NEW'],
    ['delete', 'DELETE', 'OLD'],
  ] as const;
  return events
    .map(
      ([name, event, row]) =>
        `CREATE TRIGGER data_versions_${table}_${name} AFTER ${event} ON ${table} BEGIN ${topics(row).map(bump).join(' ')} END;`,
    )
    .join('\n');
}

/** Listed in MIGRATIONS (migrations.ts), which imports it: the shape is that list's. */
export const DATA_VERSIONS_MIGRATION: { version: number; name: string; sql: string } = {
  version: 15,
  name: 'a version per kind of public data (news, tariffs, points of sale, auctions and each lot), bumped by triggers, for the page store',
  sql: `
    CREATE TABLE data_versions (topic TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
    ${triggersOn('news', () => ["'news'"])}
    ${triggersOn('tariffs', () => ["'tariffs'"])}
    ${triggersOn('points_of_sale', () => ["'points'"])}
    ${triggersOn('auction_lots', (row) => ["'auctions'", `'lot:' || ${row}.id`])}
    ${triggersOn('bids', (row) => ["'auctions'", `'lot:' || ${row}.lot_id`])}
  `,
};
