import { awaitBriefly, deferred, isThenable } from './deferred';

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

describe('awaitBriefly()', () => {
  const context = (streamAfterMs: number) => ({ lang: 'en', http: {}, streamAfterMs });

  it('gives the value itself when it arrives in time, so it is in the first HTML', async () => {
    const { value } = await awaitBriefly(context(200), new Promise((resolve) => setTimeout(() => resolve('tariffs'), 10)));
    expect(value).toBe('tariffs');
  });

  it('gives the pending promise when the API is slower, to be streamed, and it still settles', async () => {
    const late = new Promise((resolve) => setTimeout(() => resolve('late tariffs'), 100));
    const { value } = await awaitBriefly(context(10), late);
    expect(isThenable(value)).toBe(true);
    await expect(value).resolves.toBe('late tariffs');
  });

  it('hands a failure in time to the part as a rejected promise (its error state)', async () => {
    const { value } = await awaitBriefly(context(200), Promise.reject(new Error('API down')));
    await expect(value).rejects.toThrow('API down');
  });
});
