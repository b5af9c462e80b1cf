import { BUILD_RELOAD_KEY, mayReloadForBuild } from './build-updates';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('the new-build reload guard', () => {
  it('allows the first reload for a new build and remembers it', () => {
    const storage = memoryStorage();
    expect(mayReloadForBuild(storage, 'b2', 1_000_000)).toBe(true);
    expect(JSON.parse(storage.map.get(BUILD_RELOAD_KEY)!)).toEqual({ buildId: 'b2', at: 1_000_000 });
  });

  it('never reloads twice for the same build, however long after (a stale cache cannot cause a loop)', () => {
    const storage = memoryStorage();
    mayReloadForBuild(storage, 'b2', 1_000_000);
    expect(mayReloadForBuild(storage, 'b2', 9_000_000)).toBe(false);
  });

  it('waits 10 seconds before reloading for yet another build', () => {
    const storage = memoryStorage();
    mayReloadForBuild(storage, 'b2', 1_000_000);
    expect(mayReloadForBuild(storage, 'b3', 1_009_999)).toBe(false);
    expect(mayReloadForBuild(storage, 'b3', 1_010_000)).toBe(true);
  });

  it('never reloads without storage, where the guard could not hold', () => {
    expect(mayReloadForBuild(null, 'b2', 1)).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(mayReloadForBuild(throwing, 'b2', 1)).toBe(false);
  });
});
