import type { Response } from 'express';

/** A comment line this often keeps proxies and mobile networks from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** What a browser waits before reconnecting after a stream ends (a shutdown, a dropped network). */
const RETRY_MS = 2_000;

/**
 * The Server-Sent Events wire format is three lines per event
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html); what no SSE library knows is
 * our store (ids, resume, a lot's end), so the framing is written here, once for every stream of
 * the API. `flush` is compression's: the stream is marked no-transform so compression leaves it
 * alone, and flushing covers any middleware that buffers anyway.
 */
export function writeEvents(res: Response, text: string): void {
  // A stream ended a moment ago (its lot ended, shutdown) is still in its set until its close event.
  if (res.writableEnded || res.destroyed) return;
  res.write(text);
  (res as Response & { flush?: () => void }).flush?.();
}

export function sseEvent(id: number, name: string, data: unknown): string {
  return `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const SSE_HEARTBEAT = ': heartbeat\n\n';

/** Sends the stream's headers; returns its first line (the reconnect delay), for the caller to send with its first event. */
export function startEventStream(res: Response): string {
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    // no-transform: compression (and any proxy honouring it) must pass events through as written.
    'Cache-Control': 'no-store, no-transform',
    // nginx buffers proxied responses unless told otherwise.
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  return `retry: ${RETRY_MS}\n\n`;
}

/** The id a reconnecting browser sends (`Last-Event-ID`), or null when it sent none or junk. */
export function lastEventId(header: string | undefined): number | null {
  const value = header?.trim();
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}
