import { deferred } from './deferred';

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
