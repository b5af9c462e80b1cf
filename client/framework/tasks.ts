/**
 * Ways to give the main thread back to the browser between pieces of start-up work, so that none
 * of them makes a long task on a slow phone (issue 35): the browser paints and takes a tap in between.
 */

/** Resolves in a new task, after the browser has had the main thread. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves after the browser has painted the next frame (rAF runs just before it, the timeout
 * after); at once in a tab opened in the background, which paints nothing until it is shown.
 */
export function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Runs `callback` once the browser is idle, or after `timeoutMs` at the latest (Safari, without
 * requestIdleCallback: after `timeoutMs`). For work the first paint and the first tap do not
 * need. Returns the cancel.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, timeoutMs);
  return () => window.clearTimeout(id);
}
