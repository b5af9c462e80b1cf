import { createSearchQueue, type SearchQueueLimits } from './search-queue';

/** A search that runs until the test ends it. */
function held() {
  let end: ((value: string) => void) | undefined;
  const started = jest.fn();
  const work = () => {
    started();
    return new Promise<string>((resolve) => (end = resolve));
  };
  return { work, started, end: (value = 'done') => end!(value) };
}

const LIMITS: SearchQueueLimits = { filteredThreads: 1, filteredWaiting: 2, filteredWaitMs: 60_000, plainWaiting: 10, perClient: 2 };
const settle = () => new Promise((resolve) => setImmediate(resolve));
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: { code?: string; status?: number }) => `${error.status} ${error.code}`,
  );

describe("the number search's line", () => {
  it("keeps a thread for plain searches: `/`'s numbers start at once while dear filtered searches hold theirs", async () => {
    const line = createSearchQueue(LIMITS);
    expect(line.threads).toBe(2);
    const dear = held();
    const nextDear = held();
    const first = line.run({ plain: false, client: 'a' }, dear.work);
    const second = line.run({ plain: false, client: 'b' }, nextDear.work);
    const home = held();
    const homePage = line.run({ plain: true }, home.work);
    await settle();
    expect(dear.started).toHaveBeenCalled();
    expect(nextDear.started).not.toHaveBeenCalled();
    expect(home.started).toHaveBeenCalled();
    home.end('numbers of /');
    await expect(homePage).resolves.toBe('numbers of /');
    dear.end();
    await first;
    await settle();
    expect(nextDear.started).toHaveBeenCalled();
    nextDear.end();
    await second;
  });

  it('serves waiting plain searches before waiting filtered ones', async () => {
    const line = createSearchQueue(LIMITS);
    const busy = [held(), held()];
    const running = [line.run({ plain: false }, busy[0].work), line.run({ plain: true }, busy[1].work)];
    const filtered = held();
    const plain = held();
    const filteredDone = line.run({ plain: false }, filtered.work);
    const plainDone = line.run({ plain: true }, plain.work);
    await settle();
    busy[0].end();
    await running[0];
    await settle();
    // A thread is free: the plain search that came later goes first.
    expect(plain.started).toHaveBeenCalled();
    expect(filtered.started).not.toHaveBeenCalled();
    for (const search of [busy[1], plain]) search.end();
    await Promise.all([running[1], plainDone]);
    await settle();
    expect(filtered.started).toHaveBeenCalled();
    filtered.end();
    await filteredDone;
  });

  it('refuses a client with too many searches (429 too_many_searches) and a full line (503 search_busy), starting none', async () => {
    const line = createSearchQueue(LIMITS);
    const searches = [held(), held(), held()];
    const running = line.run({ plain: false, client: 'a' }, searches[0].work);
    const waiting = line.run({ plain: false, client: 'a' }, searches[1].work);
    const refused = held();
    expect(await outcome(line.run({ plain: true, client: 'a' }, refused.work))).toBe('429 too_many_searches');
    const third = line.run({ plain: false, client: 'b' }, searches[2].work);
    expect(await outcome(line.run({ plain: false, client: 'c' }, refused.work))).toBe('503 search_busy');
    expect(refused.started).not.toHaveBeenCalled();
    expect(line.waiting()).toEqual({ plain: 0, filtered: 2 });
    // Each in its turn: filtered searches hold one thread, one after another.
    for (const [index, done] of [running, waiting, third].entries()) {
      await settle();
      searches[index].end();
      await done;
    }
  });

  it('answers 503 search_busy to a filtered search that waited past its limit, and never runs it', async () => {
    jest.useFakeTimers();
    try {
      const line = createSearchQueue({ ...LIMITS, filteredWaitMs: 5_000 });
      const dear = held();
      const late = held();
      const running = line.run({ plain: false, client: 'a' }, dear.work);
      const waiting = outcome(line.run({ plain: false, client: 'b' }, late.work));
      jest.advanceTimersByTime(5_000);
      expect(await waiting).toBe('503 search_busy');
      dear.end();
      await running;
      expect(late.started).not.toHaveBeenCalled();
      expect(line.waiting()).toEqual({ plain: 0, filtered: 0 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('takes a search out of the line once its client has gone, and the client counts it no more', async () => {
    const line = createSearchQueue(LIMITS);
    const dear = held();
    const gone = held();
    const left = new AbortController();
    const running = line.run({ plain: false, client: 'a' }, dear.work);
    const waiting = outcome(line.run({ plain: false, client: 'a', signal: left.signal }, gone.work));
    left.abort();
    expect(await waiting).toBe('503 search_busy');
    expect(line.waiting()).toEqual({ plain: 0, filtered: 0 });
    // Its place is free for the same client again.
    const next = held();
    const again = line.run({ plain: false, client: 'a' }, next.work);
    dear.end();
    await running;
    await settle();
    expect(gone.started).not.toHaveBeenCalled();
    expect(next.started).toHaveBeenCalled();
    next.end();
    await again;
  });
});
