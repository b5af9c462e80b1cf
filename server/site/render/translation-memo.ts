import type { i18n as I18n, TFunction } from 'i18next';
import { LRUCache } from 'lru-cache';

type Options = Record<string, unknown> | undefined;
/** What `getFixedT` returns, as far as this file uses it. */
type FixedT = ((...args: unknown[]) => unknown) & {
  lng?: string;
  lngs?: readonly string[];
  ns?: string | readonly string[];
  keyPrefix?: string;
};

/**
 * The key of a translation with its options, or null when the options are not plain values (a
 * default given as a function, objects to interpolate): such a call is translated every time.
 */
function memoKey(key: unknown, options: Options): string | null {
  if (typeof key !== 'string') return null;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return null;
  let out = key;
  for (const name in options) {
    const value = options[name];
    const kind = typeof value;
    if (value === undefined) continue;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean') return null;
    // \u0000 never occurs in a key or a value a page passes, so two calls cannot share a key.
    out += `\u0000${name}\u0000${String(value)}`;
  }
  return out;
}

/**
 * Remembers what `t` answered, for an i18next instance whose language and resources never change
 * (the server's one instance per language, shared by every render).
 *
 * i18next's `getFixedT` copies the instance's whole options object on every call and then walks
 * the key, the namespaces and the interpolation: 5–8 µs a call, and a page asks for 100–350
 * translations, a tenth of a render's CPU in the profile of `/`. i18next has no cache of its own,
 * hence this one; the LRU bounds it, since options such as counts give unbounded keys.
 */
export function memoizeTranslations(instance: I18n, max = 20_000): I18n {
  const answers = new LRUCache<string, NonNullable<unknown>>({ max });
  // Most calls pass no options: their keys are the texts' keys, a bounded set, kept in a plain Map
  // (an LRU read reorders its list, a cost that showed in the profile too). Should a page ever
  // build keys from input, the Map stops growing at `max` and the LRU takes the rest.
  const plain = new Map<string, NonNullable<unknown>>();
  const getFixedT = instance.getFixedT.bind(instance);
  instance.getFixedT = ((lng: string | readonly string[] | null, ns?: string | readonly string[] | null, keyPrefix?: string) => {
    const fixed = getFixedT(lng as never, ns as never, keyPrefix as never) as unknown as FixedT;
    const scope = `${String(lng)}\u0001${String(ns)}\u0001${String(keyPrefix)}\u0001`;
    const memoized = (key: unknown, options?: Options, ...rest: unknown[]) => {
      const id = rest.length === 0 ? memoKey(key, options) : null;
      if (id === null) return fixed(key, options, ...rest);
      const cacheKey = scope + id;
      const known = plain.get(cacheKey) ?? answers.get(cacheKey);
      if (known !== undefined) return known;
      const answer = fixed(key, options);
      if (answer === undefined || answer === null) return answer;
      if (options === undefined && plain.size < max) plain.set(cacheKey, answer);
      else answers.set(cacheKey, answer);
      return answer;
    };
    // react-i18next reads these off the function it is given.
    return Object.assign(memoized, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix }) as unknown as TFunction;
  }) as I18n['getFixedT'];
  return instance;
}
