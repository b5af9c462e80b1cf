/**
 * Freezes an object and everything it holds, in place, and returns it: for an answer kept and
 * handed to every later reader (the server's caches of the API's answers), so that code which
 * tried to change one fails loudly instead of changing it for every later visitor.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
  return value;
}
