import { followEvents } from './event-stream';

/** A stand-in for the browser's EventSource: records what was opened and closed. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  listeners = new Map<string, ((message: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (message: { data: string }) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data: unknown): void {
    for (const listener of this.listeners.get(name) ?? []) listener({ data: JSON.stringify(data) });
  }
  close(): void {
    this.closed = true;
  }
}

describe('followEvents', () => {
  const globals = globalThis as Record<string, unknown>;
  let idle: Map<number, () => void>;

  beforeEach(() => {
    FakeEventSource.opened = [];
    idle = new Map();
    let next = 1;
    globals.EventSource = FakeEventSource;
    globals.window = {
      __APP__: { config: { apiBaseUrl: '/api/v1' } },
      location: { pathname: '/en/numbers' },
      requestIdleCallback: (callback: () => void) => {
        const id = next++;
        idle.set(id, callback);
        return id;
      },
      cancelIdleCallback: (id: number) => idle.delete(id),
    };
  });

  afterEach(() => {
    delete globals.EventSource;
    delete globals.window;
  });

  const runIdle = () => {
    const callbacks = [...idle.values()];
    idle.clear();
    callbacks.forEach((callback) => callback());
  };

  it('opens the stream only once the browser is idle, then hands each event its parsed data', () => {
    const snapshots: unknown[] = [];
    followEvents('/numbers/events?numbers=998901234567', { snapshot: (data: never) => void snapshots.push(data) });
    expect(FakeEventSource.opened).toHaveLength(0);
    runIdle();
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/v1/numbers/events?numbers=998901234567&lang=en']);
    FakeEventSource.opened[0].emit('snapshot', { items: [] });
    expect(snapshots).toEqual([{ items: [] }]);
  });

  it.each([
    ['/uz-cyrl/numbers', '/auctions/lot-1/events', '/api/v1/auctions/lot-1/events?lang=uz-cyrl'],
    ['/numbers', '/auctions/events', '/api/v1/auctions/events?lang=ru'],
    ['/uz/numbers', '/numbers/events?numbers=%2B998901234567', '/api/v1/numbers/events?numbers=%2B998901234567&lang=uz'],
  ])('names the language of the page %s in the URL of %s, since EventSource sends no X-Language', (page, path, url) => {
    (globals.window as { location: { pathname: string } }).location.pathname = page;
    followEvents(path, {});
    runIdle();
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([url]);
  });

  it('never opens a stream stopped before the browser was idle', () => {
    const stop = followEvents('/auctions/events', {});
    stop();
    runIdle();
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it('closes an opened stream when stopped, and says when the server refused it', () => {
    const refused = jest.fn();
    const stop = followEvents('/auctions/lot-1/events', {}, refused);
    runIdle();
    const [source] = FakeEventSource.opened;
    source.readyState = FakeEventSource.CLOSED;
    source.emit('error', null);
    expect(refused).toHaveBeenCalledTimes(1);
    stop();
    expect(source.closed).toBe(true);
  });
});
