import { createSearchQueue, type SearchQueueLimits } from './search-queue';

/** A search that runs until the test ends it. */
function held() {
  let end!: (value: string) => void;
  const started = jest.fn();
  const work = () => {
    started();
    return new Promise<string>((resolve) => (end = resolve));
  };
  return { work, started, end: (value = 'done') => end(value) };
}

const LIMITS: SearchQueueLimits = { apiThreads: 1, apiWaiting: 2, perClient: 2, apiWaitMs: 60_000, siteWaiting: 10 };
const settle = () => new Promise((resolve) => setImmediate(resolve));
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: { code?: string; status?: number }) => `${error.status} ${error.code}`,
  );

describe("the number search's line", () => {
  it("keeps a thread for the site's renders: a page's search starts at once while the API's hold theirs", async () => {
    const line = createSearchQueue(LIMITS);
    expect(line.threads).toBe(2);
    const dear = held();
    const waitingApi = held();
    const first = line.run({ lane: 'api', client: 'a' }, dear.work);
    const second = line.run({ lane: 'api', client: 'b' }, waitingApi.work);
    const page = held();
    const render = line.run({ lane: 'site' }, page.work);
    await settle();
    expect(dear.started).toHaveBeenCalled();
    expect(waitingApi.started).not.toHaveBeenCalled();
    expect(page.started).toHaveBeenCalled();
    page.end('page');
    await expect(render).resolves.toBe('page');
    dear.end();
    await first;
    await settle();
    expect(waitingApi.started).toHaveBeenCalled();
    waitingApi.end();
    await second;
  });

  it("serves the site's waiting searches before the API's", async () => {
    const line = createSearchQueue({ ...LIMITS, apiThreads: 1 });
    const site = held();
    const api = held();
    const busy = [held(), held()];
    const running = [line.run({ lane: 'api', client: 'a' }, busy[0].work), line.run({ lane: 'site' }, busy[1].work)];
    const apiDone = line.run({ lane: 'api', client: 'b' }, api.work);
    const siteDone = line.run({ lane: 'site' }, site.work);
    await settle();
    busy[0].end();
    await running[0];
    await settle();
    // The API's thread is free, but the site's search waited too: it goes first.
    expect(site.started).toHaveBeenCalled();
    expect(api.started).not.toHaveBeenCalled();
    for (const search of [busy[1], site]) search.end();
    await Promise.all([running[1], siteDone]);
    await settle();
    expect(api.started).toHaveBeenCalled();
    api.end();
    await apiDone;
  });

  it('refuses a client with too many searches (429 too_many_searches) and a full line (503 search_busy), starting none', async () => {
    const line = createSearchQueue(LIMITS);
    const searches = [held(), held(), held()];
    const running = line.run({ lane: 'api', client: 'a' }, searches[0].work);
    const waiting = line.run({ lane: 'api', client: 'a' }, searches[1].work);
    const refused = held();
    expect(await codeOf(line.run({ lane: 'api', client: 'a' }, refused.work))).toBe('429 too_many_searches');
    const third = line.run({ lane: 'api', client: 'b' }, searches[2].work);
    expect(await codeOf(line.run({ lane: 'api', client: 'c' }, refused.work))).toBe('503 search_busy');
    expect(refused.started).not.toHaveBeenCalled();
    expect(line.waiting()).toEqual({ site: 0, api: 2 });
    // Each in its turn: the API's one thread runs them one after another.
    for (const [index, done] of [running, waiting, third].entries()) {
      await settle();
      searches[index].end();
      await done;
    }
  });

  it('answers 503 search_busy to a search that waited past its limit, and never runs it', async () => {
    jest.useFakeTimers();
    try {
      const line = createSearchQueue({ ...LIMITS, apiWaitMs: 5_000 });
      const dear = held();
      const late = held();
      const running = line.run({ lane: 'api', client: 'a' }, dear.work);
      const waiting = codeOf(line.run({ lane: 'api', client: 'b' }, late.work));
      jest.advanceTimersByTime(5_000);
      expect(await waiting).toBe('503 search_busy');
      dear.end();
      await running;
      expect(late.started).not.toHaveBeenCalled();
      expect(line.waiting()).toEqual({ site: 0, api: 0 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('takes a search out of the line once its client has gone, and the client counts it no more', async () => {
    const line = createSearchQueue(LIMITS);
    const dear = held();
    const gone = held();
    const left = new AbortController();
    const running = line.run({ lane: 'api', client: 'a' }, dear.work);
    const waiting = codeOf(line.run({ lane: 'api', client: 'a', signal: left.signal }, gone.work));
    left.abort();
    expect(await waiting).toBe('503 search_busy');
    expect(line.waiting()).toEqual({ site: 0, api: 0 });
    // Its place is free for the same client again.
    const next = held();
    const again = line.run({ lane: 'api', client: 'a' }, next.work);
    dear.end();
    await running;
    await settle();
    expect(gone.started).not.toHaveBeenCalled();
    expect(next.started).toHaveBeenCalled();
    next.end();
    await again;
  });
});
