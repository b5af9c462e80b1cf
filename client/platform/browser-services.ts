import type { createBrowserRouter } from 'react-router';
import type { BootData } from '../runtime';
import { watchSystemColourScheme } from './colour-mode';

export type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/** Started after hydration; none of these may block or break the page. */
export function startBrowserServices(_boot: BootData, _router: BrowserRouter): void {
  watchSystemColourScheme();
}
