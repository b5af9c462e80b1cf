import { deferred, isThenable, optionalData } from './deferred';
import { requestContext } from './request-context';

describe('deferred()', () => {
  it('keeps a rejection it has not been asked for yet from being an unhandled rejection, and still rejects', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const failure = new Error('API down');
      const part = deferred(Promise.reject(failure));
      // Long enough for Node to report a rejection nobody handles (it checks after each macrotask).
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      await expect(part).rejects.toBe(failure);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  it('passes a value through unchanged', async () => {
    await expect(deferred(Promise.resolve(42))).resolves.toBe(42);
  });
});

describe('optionalData()', () => {
  const context = (streamAfterMs: number) => requestContext({ side: 'browser', streamAfterMs });
  const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
  // The API's answers and the wait for them on jest's clock: which comes first is the test's, never
  // the machine's (on a busy one, real timers of 50 and 200 ms fired in the wrong order).
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  async function settled<T>(promise: Promise<T>, ms: number): Promise<T> {
    await jest.advanceTimersByTimeAsync(ms);
    return promise;
  }

  it('gives the value itself when it arrives in time, so it is in the first HTML', async () => {
    const { tariffs } = await settled(optionalData(context(200), { tariffs: after(10, 'tariffs') }), 200);
    expect(tariffs).toBe('tariffs');
  });

  it('gives the pending promise when the API is slower, to be streamed, and it still settles', async () => {
    const { tariffs } = await settled(optionalData(context(10), { tariffs: after(100, 'late tariffs') }), 10);
    expect(isThenable(tariffs)).toBe(true);
    await jest.advanceTimersByTimeAsync(90);
    await expect(tariffs).resolves.toBe('late tariffs');
  });

  it('waits for all parts together, once: the fast ones are values, the slow one a promise', async () => {
    const data = await settled(
      optionalData(context(50), { news: after(5, 'news'), tariffs: after(10, 'tariffs'), numbers: after(200, 'numbers') }),
      50,
    );
    expect(data.news).toBe('news');
    expect(data.tariffs).toBe('tariffs');
    expect(isThenable(data.numbers)).toBe(true);
    await jest.advanceTimersByTimeAsync(200);
    // The loader's data does not change after it was handed over.
    expect(isThenable(data.numbers)).toBe(true);
  });

  it('hands a failure in time to the part as a rejected promise (its error state)', async () => {
    const { tariffs } = await settled(optionalData(context(200), { tariffs: Promise.reject(new Error('API down')) }), 0);
    await expect(tariffs).rejects.toThrow('API down');
  });
});
