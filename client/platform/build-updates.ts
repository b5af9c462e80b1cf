/**
 * Spec sections 4, 7 and 9: the browser reads its build's metadata at start and checks the
 * newest build id periodically and whenever the tab becomes visible. A new build reloads the
 * page at the next client-side navigation (a full load of the target), so nothing typed is lost.
 */
export interface BuildInfo {
  buildId: string;
}

type NavigableRouter = {
  subscribe(listener: (state: { navigation: { state: string; location?: { pathname: string; search: string; hash: string } } }) => void): () => void;
};

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

export function startBuildUpdates(currentBuildId: string, intervalMinutes: number, router: NavigableRouter): () => void {
  let newBuildSeen = false;
  let checking = false;

  const check = async () => {
    if (newBuildSeen || checking) return;
    checking = true;
    const latest = await fetchBuildId('/latest.json');
    checking = false;
    if (latest && latest !== currentBuildId) {
      newBuildSeen = true;
      document.documentElement.setAttribute('data-new-build', latest);
    }
  };

  // The running build's own metadata: a page served from an old cache shows up at once.
  void fetchBuildId('/build.json').then((id) => {
    if (id && id !== currentBuildId) {
      newBuildSeen = true;
      document.documentElement.setAttribute('data-new-build', id);
    }
  });

  const timer = window.setInterval(() => void check(), Math.max(1, intervalMinutes) * 60_000);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  document.addEventListener('visibilitychange', onVisible);
  const unsubscribe = router.subscribe((state) => {
    const next = state.navigation.location;
    if (newBuildSeen && state.navigation.state === 'loading' && next) {
      window.location.assign(`${next.pathname}${next.search}${next.hash}`);
    }
  });
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    unsubscribe();
  };
}
