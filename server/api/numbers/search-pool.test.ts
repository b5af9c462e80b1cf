import path from 'node:path';
import { threadId } from 'node:worker_threads';
import Database from 'better-sqlite3';
import request from 'supertest';
import { createTestApp } from '../../testing/test-app';
import { DATABASE_FILE } from '../store/database';
import { createTestApi, type TestApi } from '../test-support/test-api';
import { checkSearch } from './search-input';
import { createSearchPool, type SearchPool } from './search-pool';

// The number search runs in threads of its own (search-pool.ts): a search holds its thread, never
// the event loop that answers everything else, and a fault in a thread is that search's alone.

let t: TestApi;
let pool: SearchPool;
const errors: string[] = [];
beforeEach(() => {
  t = createTestApi({ demoNumbers: 400 });
  pool = createSearchPool({
    file: path.join(t.dataDir, DATABASE_FILE),
    threads: 1,
    now: t.clock.now(),
    logError: (message) => errors.push(message),
  });
});
afterEach(async () => {
  await pool.close();
  await t.api.close();
  t.close();
});

describe('the number search threads', () => {
  it('answer in a thread of their own, as the route answers, and count each search', async () => {
    await pool.ready;
    const before = pool.completed();
    const query = { contains: '12', pageSize: 5 };
    const done = await pool.search(checkSearch(query), t.clock.now());
    expect(done.threadId).not.toBe(threadId);
    expect(pool.completed()).toBe(before + 1);
    const routed = await request(t.app).get('/api/v1/numbers').query(query).expect(200);
    expect(done.answer).toEqual(routed.body);
  });

  it('leave the event loop free while a search waits in its thread: the site renders a page meanwhile', async () => {
    const file = path.join(t.dataDir, DATABASE_FILE);
    const query = { sort: 'price_desc' as const, pageSize: 3 };
    const expected = (await request(t.app).get('/api/v1/numbers').query(query).expect(200)).body;
    // Every other connection to the store closed, one takes it for itself: a thread that opens it
    // waits (busy_timeout) until it is let go, as a search waits behind a long walk.
    await pool.close();
    await t.api.close();
    const holder = new Database(file);
    holder.pragma('locking_mode = EXCLUSIVE');
    holder.exec('BEGIN EXCLUSIVE');
    const held = createSearchPool({ file, threads: 1, now: t.clock.now(), logError: (message) => errors.push(message) });
    const site = createTestApp();
    try {
      let answered = false;
      const searching = held.search(checkSearch(query), t.clock.now()).then((done) => {
        answered = true;
        return done;
      });
      // The site (another store, its own threads) renders its home page on this event loop.
      const page = await request(site.app).get('/en').set('Accept', 'text/html').expect(200);
      expect(page.text).toContain('<html');
      expect(answered).toBe(false);
      holder.exec('COMMIT');
      holder.close();
      expect((await searching).answer).toEqual(expected);
    } finally {
      if (holder.open) holder.close();
      await held.close();
      await site.app.locals.close();
      site.close();
    }
  });

  it('refuse a query the checks refuse before any thread sees it', async () => {
    await pool.ready;
    const before = pool.completed();
    expect(() => checkSearch({ cursor: 'not-a-cursor' })).toThrow(expect.objectContaining({ status: 400 }));
    await request(t.app).get('/api/v1/numbers?cursor=not-a-cursor').expect(400);
    await request(t.app).get('/api/v1/numbers?pageSize=100&page=101').expect(400);
    expect(pool.completed()).toBe(before);
  });

  it('turn a store that cannot be opened into a failed search, and keep the process and the pool running', async () => {
    const broken = createSearchPool({
      file: path.join(t.dataDir, 'missing', DATABASE_FILE),
      threads: 1,
      now: t.clock.now(),
      logError: () => {},
    });
    try {
      await expect(broken.search(checkSearch({}), t.clock.now())).rejects.toThrow(/directory does not exist|unable to open/);
      await expect(broken.search(checkSearch({}), t.clock.now())).rejects.toThrow(/directory does not exist|unable to open/);
    } finally {
      await broken.close();
    }
    expect((await pool.search(checkSearch({ pageSize: 1 }), t.clock.now())).answer.items).toHaveLength(1);
  });
});
