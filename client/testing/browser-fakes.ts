/**
 * The browser's parts happy-dom lacks (EventSource, requestIdleCallback, the boot data a stream's
 * address is read from), replaced by fakes a component test can drive.
 */
import { act, waitFor } from '@testing-library/react';

/** The browser's EventSource, opened by the page and driven by the test. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** One named event of the stream, its data sent as JSON as the API's streams do. */
  send(name: string, data: unknown): void {
    act(() => {
      this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
    });
  }
}

/** The stream the page opens at the address ending with `path` (a query after it allowed), once it has opened it. */
export function openedStream(path: string): Promise<FakeEventSource> {
  return waitFor(() => {
    const opened = FakeEventSource.opened.find((source) => new URL(source.url, 'http://site.test').pathname.endsWith(path));
    if (!opened) throw new Error(`No stream is open at ${path}`);
    return opened;
  });
}

/** Installs the fakes before each test and removes them after it. The browser is idle at once: the streams open in the next task. */
export function withBrowserFakes(): void {
  beforeEach(() => {
    FakeEventSource.opened = [];
    Object.assign(window, {
      EventSource: FakeEventSource,
      requestIdleCallback: (callback: () => void) => window.setTimeout(callback, 0),
      cancelIdleCallback: (id: number) => window.clearTimeout(id),
      __APP__: { config: { apiBaseUrl: '/api/v1' } },
    });
  });
  afterEach(() => {
    for (const name of ['EventSource', 'requestIdleCallback', 'cancelIdleCallback', '__APP__']) Reflect.deleteProperty(window, name);
  });
}
