import '../styles/app.css';
import { nextTask } from '../framework/tasks';
import { watchPageInput } from '../platform/unsaved-input';

/**
 * The browser's first module, imported by the document's boot script (shared/boot-modules.ts)
 * with every module it needs already downloading.
 *
 * It starts the app in stages, one task each, instead of one long task: evaluating the whole
 * module graph at once was a task of about 80 ms on a fast machine (330 ms at Lighthouse's 4x
 * slowdown, most of a page's Total Blocking Time; bench/README.md, issue 35). Each stage imports
 * one library's module graph, and the browser gets the main thread back between them (to paint,
 * to take a tap):
 *   1. React DOM: a CommonJS function of 200 kB, compiled while it downloads (build.mjs's
 *      compile hint) and run here;
 *   2. react-router, whose evaluation alone was the largest part of the app's start-up task;
 *   3. i18next and react-i18next;
 *   4. the app itself (client/app/start.tsx), which then finds all three already evaluated.
 * Every stage is a dynamic import of this module, so build.mjs lists its files among the
 * page's preloads. The libraries' stages import a module naming what the app uses of them
 * (client/stages/): a dynamic import of a whole package would keep all of it in the bundle.
 */
const STAGES: (() => Promise<unknown>)[] = [
  () => import('react-dom/client'),
  () => import('../stages/router'),
  () => import('../stages/i18n'),
];

async function start(): Promise<void> {
  // Before anything else: a visitor may go into a field long before the app has started, and a
  // new build must not reload the page over what they typed (client/platform/unsaved-input.ts).
  watchPageInput();
  for (const stage of STAGES) {
    await stage();
    await nextTask();
  }
  const { startApp } = await import('./start');
  void startApp();
}

void start();
