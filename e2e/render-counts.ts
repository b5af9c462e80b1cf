/**
 * Counting React renders in the page around the ticks of a countdown (`[role="timer"]`), through
 * React's DevTools hook: what the countdown tests hold to a budget.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** What `countRendersOnTicks` has seen so far on a page. */
export interface TickRenders {
  /** Renders of the watched elements, in any commit. */
  renders: number;
  /** Commits that changed the text of the page's first `[role="timer"]`. */
  ticks: number;
  /** Renders of the watched elements in those commits. */
  rendersOnTicks: number;
}

/**
 * Counts, for every page of `context`, through React's DevTools hook (which React calls after
 * every commit, production builds included), the renders of the elements `selector` matches, and
 * those made in commits that changed the countdown's text (`[role="timer"]`). An element was
 * rendered again when its fiber holds a new props object: the component that draws it ran and
 * made a new element. A fiber React only copied on its way to an update elsewhere keeps the same
 * props. Read with `rendersOnTicks(page)`.
 */
export async function countRendersOnTicks(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript((watched: string) => {
    type Fiber = { child: Fiber | null; sibling: Fiber | null; stateNode: unknown; memoizedProps: unknown };
    const seen = new WeakMap<object, object>();
    const counts = { renders: 0, ticks: 0, rendersOnTicks: 0 };
    let rendered = 0;
    let shown: string | null = null;
    const walk = (fiber: Fiber | null) => {
      for (let node = fiber; node; node = node.sibling) {
        const element = node.stateNode;
        if (element instanceof Element && element.matches(watched)) {
          if (seen.has(element) && seen.get(element) !== node.memoizedProps) rendered += 1;
          seen.set(element, node.memoizedProps as object);
        }
        walk(node.child);
      }
    };
    let renderers = 0;
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => ++renderers,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        rendered = 0;
        walk(root.current);
        counts.renders += rendered;
        const text = document.querySelector('[role="timer"]')?.textContent ?? null;
        if (shown !== null && text !== null && text !== shown) {
          counts.ticks += 1;
          counts.rendersOnTicks += rendered;
        }
        shown = text;
      },
    };
    (window as unknown as { __tickRenders: typeof counts }).__tickRenders = counts;
  }, selector);
}

/** The counts `countRendersOnTicks` keeps for `page`. */
export function rendersOnTicks(page: Page): Promise<TickRenders> {
  return page.evaluate(() => ({ ...(window as unknown as { __tickRenders: TickRenders }).__tickRenders }));
}

/** Waits until `countRendersOnTicks` has seen the watched elements rendered more than `count` times. */
export async function rendersSeenAbove(page: Page, count: number): Promise<void> {
  await page.waitForFunction((above) => (window as unknown as { __tickRenders: TickRenders }).__tickRenders.renders > above, count);
}

/**
 * Moves the page's paused clock (`page.clock.pauseAt`) one second at a time, `seconds` times,
 * each time waiting until the first `[role="timer"]` shows another text. Returns what
 * `countRendersOnTicks` counted meanwhile: the commits that changed the timer's text, and the
 * watched elements' renders in them.
 */
export async function rendersOverTicks(page: Page, seconds: number): Promise<Omit<TickRenders, 'renders'>> {
  const timer = page.getByRole('timer').first();
  const before = await rendersOnTicks(page);
  for (let tick = 0; tick < seconds; tick++) {
    const shown = await timer.textContent();
    await page.clock.runFor(1_000);
    await page.waitForFunction((text) => document.querySelector('[role="timer"]')?.textContent !== text, shown);
  }
  const after = await rendersOnTicks(page);
  return { ticks: after.ticks - before.ticks, rendersOnTicks: after.rendersOnTicks - before.rendersOnTicks };
}
