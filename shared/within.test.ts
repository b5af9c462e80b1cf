import { within } from './within';

describe('within()', () => {
  it('gives the value of a promise that resolves in time', async () => {
    await expect(within(new Promise((resolve) => setTimeout(() => resolve('page'), 5)), 500)).resolves.toBe('page');
  });

  it('gives null when the promise takes longer', async () => {
    await expect(within(new Promise((resolve) => setTimeout(() => resolve('late'), 200)), 10)).resolves.toBeNull();
  });

  it('passes on a rejection that comes in time', async () => {
    await expect(within(Promise.reject(new Error('API down')), 500)).rejects.toThrow('API down');
  });
});
