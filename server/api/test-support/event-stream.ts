import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** How long `next()` waits for an event before it fails, naming the event that never came. */
export const NEXT_EVENT_TIMEOUT_MS = 5_000;
// The clock's own timers, kept before a test fakes them: a test that moves a fake clock must not
// trip this bound, and one that fakes timers must not lose it.
const realSetTimeout = setTimeout;
const realClearTimeout = clearTimeout;

/** Test and bench support: a Server-Sent Events stream read as a browser's EventSource reads it. */
export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far, as sent (for asserting what never appears). */
  raw(): string;
  /** Events received so far, in order. */
  events: EventSourceMessage[];
  /** The next event not yet taken (of that name, skipping others), waiting for it if need be. */
  next(name?: string): Promise<EventSourceMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The JSON body of a refused stream. */
  json(): Promise<{ error: { code: string; message: string; retryAfterSeconds?: number } }>;
  close(): void;
}

export function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    // A connection of its own, as each EventSource has, so a cluster spreads streams over its workers.
    const req = http.get(url, { agent: false, headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      let raw = '';
      let taken = 0;
      const events: EventSourceMessage[] = [];
      const waiting: (() => void)[] = [];
      const parser = createParser({
        onEvent(message) {
          events.push(message);
          for (const wake of waiting.splice(0)) wake();
        },
      });
      let endedResolve: () => void = () => {};
      const ended = new Promise<void>((done) => (endedResolve = done));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        parser.feed(chunk);
      });
      res.on('end', () => {
        endedResolve();
        for (const wake of waiting.splice(0)) wake();
      });
      // A stream the client itself closed has ended too.
      res.on('close', () => endedResolve());
      let finished = false;
      ended.then(() => (finished = true));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        raw: () => raw,
        events,
        async next(name) {
          for (;;) {
            while (taken < events.length) {
              const message = events[taken];
              taken += 1;
              if (!name || message.event === name) return message;
            }
            if (finished) throw new Error(`stream ended before ${name ?? 'an event'}; received: ${raw}`);
            // Bounded: a test waiting for an event that never comes fails saying which, well before jest's timeout.
            const arrived = await new Promise<boolean>((wake) => {
              const timer = realSetTimeout(() => wake(false), NEXT_EVENT_TIMEOUT_MS);
              waiting.push(() => {
                realClearTimeout(timer);
                wake(true);
              });
            });
            if (!arrived)
              throw new Error(`no ${name ?? 'event'} within ${NEXT_EVENT_TIMEOUT_MS / 1000} s; received: ${raw || '(nothing)'}`);
          }
        },
        ended,
        async json() {
          await ended;
          return JSON.parse(raw);
        },
        close() {
          req.destroy();
        },
      });
    });
    req.on('error', reject);
  });
}

/** An Express app listening on a free loopback port, for clients that hold a connection open. */
export async function listen(app: express.Express): Promise<{ origin: string; close(): Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
