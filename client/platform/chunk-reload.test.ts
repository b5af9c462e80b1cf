import { CHUNK_RELOAD_KEY, shouldReloadAfterChunkError } from './chunk-reload';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('the chunk reload guard', () => {
  it('allows the first reload and arms the guard', () => {
    const storage = memoryStorage();
    expect(shouldReloadAfterChunkError(storage, 1_000_000)).toBe(true);
    expect(storage.map.get(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('refuses a second reload within 10 seconds', () => {
    const storage = memoryStorage();
    shouldReloadAfterChunkError(storage, 1_000_000);
    expect(shouldReloadAfterChunkError(storage, 1_009_999)).toBe(false);
  });

  it('allows a reload again once 10 seconds have passed', () => {
    const storage = memoryStorage();
    shouldReloadAfterChunkError(storage, 1_000_000);
    expect(shouldReloadAfterChunkError(storage, 1_010_000)).toBe(true);
  });

  it('never reloads without storage, where the guard could not hold', () => {
    expect(shouldReloadAfterChunkError(null, 1)).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(shouldReloadAfterChunkError(throwing, 1)).toBe(false);
  });

  it('ignores a garbled stored value', () => {
    const storage = memoryStorage();
    storage.map.set(CHUNK_RELOAD_KEY, 'yesterday');
    expect(shouldReloadAfterChunkError(storage, 5)).toBe(true);
  });
});
