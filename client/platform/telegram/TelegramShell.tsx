import { lazy, Suspense } from 'react';
import { useHydrated } from '../../components/use-hydrated';
import { inTelegramShell } from './shell';

// Telegram's SDK and the Mini App's wiring are a chunk of their own: an ordinary page never loads it.
// A chunk that fails to load leaves the page as it is (its own buttons stay), never the error page.
const MiniApp = lazy(() =>
  import('./mini-app').then(
    (module) => ({ default: module.MiniApp }),
    () => ({ default: () => null }),
  ),
);

/** Mounted once in the document: inside Telegram's Mini App (shell.ts), after hydration, its part of the site. */
export function TelegramShell() {
  const hydrated = useHydrated();
  if (!hydrated || !inTelegramShell()) return null;
  return (
    <Suspense fallback={null}>
      <MiniApp />
    </Suspense>
  );
}
