/**
 * Spec sections 4, 7 and 9: the browser reads its build's metadata at start and checks the
 * newest build id periodically and whenever the tab becomes visible. A newly detected build
 * reloads the page at the next safe moment: the next client-side navigation (a full load of the
 * target), the tab becoming visible again, or a minute without input while it is on screen.
 * Never while a form holds unsaved input, and never in a loop: one reload per new build id, and
 * none within 10 s of the last (sessionStorage survives the reload; the booking and the purchase
 * draft live in localStorage and sessionStorage, so they survive it too).
 */
import { watchPageInput } from './unsaved-input';

export interface BuildInfo {
  buildId: string;
}

type NavigableRouter = {
  subscribe(
    listener: (state: { navigation: { state: string; location?: { pathname: string; search: string; hash: string } } }) => void,
  ): () => void;
};

export const BUILD_RELOAD_KEY = 'build-reload';
export const BUILD_RELOAD_GUARD_MS = 10_000;
/** How long the visitor must leave the page alone before it reloads under their eyes. */
export const BUILD_RELOAD_IDLE_MS = 60_000;

/**
 * Each time the page weighs a reload it announces the outcome on `document` as a CustomEvent
 * whose `detail` is the decision, so a test (or a support session in devtools) can see that the
 * page looked and chose not to reload, instead of waiting and seeing nothing happen.
 */
export const BUILD_DECISION_EVENT = 'build-update-decision';
export type BuildDecision = 'reload' | 'no-new-build' | 'hidden' | 'unsaved-input' | 'already-reloaded';

async function fetchBuildId(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<BuildInfo>;
    return typeof body.buildId === 'string' ? body.buildId : null;
  } catch {
    return null;
  }
}

/** True (and the guard is armed) unless this build was already reloaded for, or any reload happened in the last 10 s. */
export function mayReloadForBuild(storage: Pick<Storage, 'getItem' | 'setItem'> | null, buildId: string, now: number): boolean {
  try {
    if (!storage) return false;
    const last = JSON.parse(storage.getItem(BUILD_RELOAD_KEY) ?? 'null') as { buildId?: unknown; at?: unknown } | null;
    if (last && (last.buildId === buildId || (typeof last.at === 'number' && now - last.at < BUILD_RELOAD_GUARD_MS))) return false;
    storage.setItem(BUILD_RELOAD_KEY, JSON.stringify({ buildId, at: now }));
    return true;
  } catch {
    return false;
  }
}

export function startBuildUpdates(currentBuildId: string, intervalMinutes: number, router: NavigableRouter): () => void {
  let newBuild: string | null = null;
  let checking = false;
  let idleTimer: number | undefined;
  const unsaved = watchPageInput();

  const decide = (): BuildDecision => {
    if (!newBuild) return 'no-new-build';
    if (document.visibilityState !== 'visible') return 'hidden';
    if (unsaved.hasUnsavedInput()) return 'unsaved-input';
    return mayReloadForBuild(window.sessionStorage, newBuild, Date.now()) ? 'reload' : 'already-reloaded';
  };
  const reloadIfSafe = () => {
    const decision = decide();
    document.dispatchEvent(new CustomEvent<BuildDecision>(BUILD_DECISION_EVENT, { detail: decision }));
    if (decision === 'reload') window.location.reload();
  };
  // A minute without input on a visible page: nothing the visitor is doing is interrupted.
  const restartIdle = () => {
    window.clearTimeout(idleTimer);
    if (newBuild) idleTimer = window.setTimeout(reloadIfSafe, BUILD_RELOAD_IDLE_MS);
  };
  const seen = (id: string) => {
    newBuild = id;
    document.documentElement.setAttribute('data-new-build', id);
    restartIdle();
  };

  const check = async () => {
    if (checking) return;
    checking = true;
    const latest = await fetchBuildId('/latest.json');
    checking = false;
    if (latest && latest !== currentBuildId && latest !== newBuild) seen(latest);
  };

  // The running build's own metadata: a page served from an old cache shows up at once.
  void fetchBuildId('/build.json').then((id) => {
    if (id && id !== currentBuildId) seen(id);
  });

  const timer = window.setInterval(() => void check(), Math.max(1, intervalMinutes) * 60_000);
  const onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    // Back on the tab: a build seen while away reloads now; else look for one, and reload if found.
    if (newBuild) reloadIfSafe();
    else void check().then(reloadIfSafe);
  };
  const activity = ['keydown', 'pointerdown', 'input', 'scroll', 'wheel', 'touchstart'] as const;
  document.addEventListener('visibilitychange', onVisibility);
  for (const type of activity) window.addEventListener(type, restartIdle, { capture: true, passive: true });
  const unsubscribe = router.subscribe((state) => {
    const next = state.navigation.location;
    if (newBuild && state.navigation.state === 'loading' && next) {
      window.location.assign(`${next.pathname}${next.search}${next.hash}`);
    }
  });
  return () => {
    window.clearInterval(timer);
    window.clearTimeout(idleTimer);
    document.removeEventListener('visibilitychange', onVisibility);
    for (const type of activity) window.removeEventListener(type, restartIdle, { capture: true });
    unsubscribe();
  };
}
