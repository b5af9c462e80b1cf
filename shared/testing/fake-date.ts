/**
 * Jest's fake timers with only `Date` faked, set to `now`: the code under test reads that clock
 * (jest.setSystemTime moves it), while timers, the event loop and performance run as ever, so
 * servers, streams and React keep working.
 */
export function fakeDateOnly(now: number): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
