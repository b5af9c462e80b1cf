import './styles/app.css';

/**
 * The browser's first module, imported by the document's boot script (shared/boot-modules.ts)
 * with every module it needs already downloading.
 *
 * It starts the app in two tasks instead of one. React DOM arrives as a CommonJS function of
 * 200 kB, which the browser compiles only when it is first called, on the main thread; evaluated
 * with the rest of the app it made one task of about 80 ms on a fast machine (about 320 ms at
 * Lighthouse's 4x slowdown: most of a page's Total Blocking Time). Here React DOM is compiled and
 * run first, the browser gets the main thread back (to paint, to take a tap), and then the app
 * (client/start.tsx) is evaluated in a task of its own.
 */
async function start(): Promise<void> {
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await import('./start');
}

void start();
