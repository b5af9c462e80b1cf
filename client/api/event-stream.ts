import { languageFromPath } from '../../shared/languages';
import { whenIdle } from '../framework/tasks';

/** What to do with each named event of a stream: its data arrives parsed from JSON. */
export type EventListeners = Record<string, (data: never) => void>;

/**
 * The stream's address with the page's language as `lang`: EventSource sends no header of its
 * own (no X-Language), and the API words what a stream says, its refusals included, in it.
 */
export function streamUrl(path: string): string {
  const lang = languageFromPath(window.location.pathname);
  return `${window.__APP__.config.apiBaseUrl}${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
}

/**
 * Follows one of the API's Server-Sent Events streams (`/auctions/{id}/events`,
 * `/auctions/events`, `/numbers/events`) with the browser's EventSource, which reconnects by
 * itself with `Last-Event-ID` after a dropped network or a server going away, and resumes without
 * gaps; its URL names the page's language (`streamUrl`). `refused` is told when the server
 * answered with an error (429, 503, 401) or the browser has no EventSource: the caller polls or
 * revalidates instead. Returns the way to stop.
 */
export function followEvents(path: string, listeners: EventListeners, refused?: () => void): () => void {
  if (typeof EventSource === 'undefined') {
    refused?.();
    return () => {};
  }
  let source: EventSource | null = null;
  // Opened when the browser is first idle (1 s at the latest): a stream's first event re-renders
  // what it shows, which on a page just hydrating was one more long task (issue 35). Nothing is
  // missed: every stream starts with a snapshot of the present.
  const cancel = whenIdle(() => {
    const opened = new EventSource(streamUrl(path));
    source = opened;
    for (const [name, listener] of Object.entries(listeners)) {
      opened.addEventListener(name, (message: MessageEvent<string>) => (listener as (data: unknown) => void)(JSON.parse(message.data)));
    }
    opened.addEventListener('error', () => {
      // CONNECTING: the browser is already retrying. CLOSED: the server answered with an error.
      if (opened.readyState === EventSource.CLOSED) refused?.();
    });
  }, 1_000);
  return () => {
    cancel();
    source?.close();
  };
}
