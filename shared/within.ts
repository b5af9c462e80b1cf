/**
 * What `promise` resolves to if it does so within `ms`, else null; the timer is cleared either
 * way, so nothing lingers after the answer. A rejection within `ms` is passed on.
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
