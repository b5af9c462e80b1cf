import { createTestApi, MINUTE, type TestApi } from '../test-support/test-api';
import { openDatabase, type Db } from './database';

/** The versions a stored page is checked against: each kind of data moves its own, and only its own. */

let t: TestApi;
let store: Db;
beforeAll(() => {
  t = createTestApi();
  // A second connection, as another process on the same file writes.
  store = openDatabase(t.dataDir);
});
afterAll(() => {
  store.close();
  t.close();
});

const KEYS = ['news', 'tariffs', 'points', 'numbers', 'auctions'] as const;
const versions = () => Object.fromEntries(KEYS.map((key) => [key, t.api.dataVersion(key)]));
const changedBy = (write: () => void): string[] => {
  const before = versions();
  write();
  const after = versions();
  return KEYS.filter((key) => before[key] !== after[key]);
};

describe('data versions', () => {
  it('move for their own data only, whichever connection writes', () => {
    expect(changedBy(() => store.prepare("UPDATE news SET image = image || '' WHERE rowid = (SELECT MIN(rowid) FROM news)").run())).toEqual(
      ['news'],
    );
    expect(changedBy(() => store.prepare('UPDATE tariffs SET monthly_price = monthly_price + 1 WHERE position = 1').run())).toEqual([
      'tariffs',
    ]);
    expect(changedBy(() => store.prepare("UPDATE points_of_sale SET phone = phone || '' WHERE rowid = 1").run())).toEqual(['points']);
    const msisdn = store.prepare("SELECT msisdn FROM numbers WHERE status = 'free' LIMIT 1").pluck().get() as string;
    expect(
      changedBy(() =>
        store.prepare('UPDATE numbers SET held_until = ?, hold_ref = ? WHERE msisdn = ?').run(t.clock.now() + MINUTE, 'r', msisdn),
      ),
    ).toEqual(['numbers']);
  });

  it('give a lot its own key: a bid moves that lot and the list, not another lot', () => {
    const lots = store.prepare('SELECT id FROM auction_lots LIMIT 2').pluck().all() as string[];
    const [one, other] = lots.map((id) => t.api.dataVersion(`lot:${id}`));
    store
      .prepare('INSERT INTO bids (lot_id, phone, amount, created_at) VALUES (?, ?, ?, ?)')
      .run(lots[0], '+998901111111', 99_000_000, t.clock.now());
    expect(t.api.dataVersion(`lot:${lots[0]}`)).not.toBe(one);
    expect(t.api.dataVersion(`lot:${lots[1]}`)).toBe(other);
    // An unknown lot has a version too (its 404 page is kept until the lot appears).
    expect(t.api.dataVersion('lot:no-such-lot')).toBe('0');
  });

  it('say until when the clock alone keeps an answer true: the next hold to lapse, the lot opening or closing', () => {
    const numbers = t.api.dataState('numbers');
    const heldUntil = store.prepare('SELECT MIN(held_until) FROM numbers WHERE held_until > ?').pluck().get(t.clock.now()) as number;
    expect(numbers).toEqual({ key: 'numbers', version: t.api.dataVersion('numbers'), until: heldUntil });
    const lot = store.prepare('SELECT id, starts_at, ends_at FROM auction_lots WHERE ends_at > ? LIMIT 1').get(t.clock.now()) as {
      id: string;
      starts_at: number;
      ends_at: number;
    };
    const state = t.api.dataState('auction', lot.id);
    expect(state?.key).toBe(`lot:${lot.id}`);
    expect(state?.until).toBe(lot.starts_at > t.clock.now() ? lot.starts_at : lot.ends_at);
    expect(t.api.dataState('auctions')!.until).toBeLessThanOrEqual(state!.until);
    // What only a release changes has no state.
    expect(t.api.dataState('tariffConstructor')).toBeNull();
  });
});
