/** What to do with each named event of a stream: its data arrives parsed from JSON. */
export type EventListeners = Record<string, (data: never) => void>;

/**
 * Follows one of the API's Server-Sent Events streams (`/auctions/{id}/events`,
 * `/auctions/events`, `/numbers/events`) with the browser's EventSource, which reconnects by
 * itself with `Last-Event-ID` after a dropped network or a server going away, and resumes without
 * gaps. `refused` is told when the server answered with an error (429, 503, 401) or the browser has
 * no EventSource: the caller polls or revalidates instead. Returns the way to stop.
 */
export function followEvents(path: string, listeners: EventListeners, refused?: () => void): () => void {
  if (typeof EventSource === 'undefined') {
    refused?.();
    return () => {};
  }
  const source = new EventSource(`${window.__APP__.config.apiBaseUrl}${path}`);
  for (const [name, listener] of Object.entries(listeners)) {
    source.addEventListener(name, (message: MessageEvent<string>) => (listener as (data: unknown) => void)(JSON.parse(message.data)));
  }
  source.addEventListener('error', () => {
    // CONNECTING: the browser is already retrying. CLOSED: the server answered with an error.
    if (source.readyState === EventSource.CLOSED) refused?.();
  });
  return () => source.close();
}
