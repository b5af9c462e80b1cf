import { Suspense, type ReactNode } from 'react';
import { Await, useAsyncError } from 'react-router';
import { scriptSafeJson } from '../shared/script-json';
import { within } from '../shared/within';
import { isServerRequestContext } from './request-context';
import { useRuntime } from './runtime';

/**
 * Data a loader returns without awaiting it (`return { news: promise }`): the server streams the
 * page at once with `fallback` in its place, and the part follows in the same response when the
 * API answers — so a slow API never holds the first byte. The resolved value travels to the
 * browser as a nonce'd inline script beside the part, which hydration then reads (see
 * `adoptDeferredHydrationData`).
 */

declare global {
  interface Window {
    __DEFERRED__?: Record<string, DeferredPayload>;
  }
}

type DeferredPayload = { value: unknown } | { error: true };
const DEFERRED_EVENT = 'oq:deferred';

/**
 * A promise a loader returns for <Deferred>, marked as handled at once: a loader that awaits other
 * requests first would otherwise leave a rejection unobserved until the page renders it (Node
 * reports that as an unhandled rejection). The promise still rejects for <Deferred>'s error part.
 */
export function deferred<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * A page's optional API data, awaited briefly. When it settles within STREAM_AFTER_MS (1 s by
 * default) the loader gets the value itself: it is in the first HTML, so a visitor without
 * JavaScript sees it, and bots always get everything. Otherwise the loader gets the pending
 * promise for <Deferred>: a slow API never holds the page's first byte, the shell streams with a
 * placeholder and the part follows in the same response. Boxed, since an async function cannot
 * return a promise unresolved.
 */
export async function awaitBriefly<T>(context: unknown, promise: Promise<T>): Promise<{ value: T | Promise<T> }> {
  const pending = deferred(promise);
  const ms = isServerRequestContext(context) ? context.streamAfterMs : (globalThis as { window?: Window }).window?.__APP__?.config.streamAfterMs ?? 1000;
  const inTime = await within(
    pending.then(
      (value) => ({ value }),
      () => null, // a rejection is <Deferred>'s error part
    ),
    ms,
  );
  return inTime ?? { value: pending };
}

/** The marker that stands for a pending value in the serialized hydration data. */
export interface DeferredMarker {
  __deferred: string;
}

export function isThenable(value: unknown): value is Promise<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function isMarker(value: unknown): value is DeferredMarker {
  return typeof value === 'object' && value !== null && typeof (value as { __deferred?: unknown }).__deferred === 'string';
}

/** The inline script that hands a settled value to the browser (same text on both sides). */
function payloadScript(id: string, payload: DeferredPayload): string {
  return `(self.__DEFERRED__=self.__DEFERRED__||{})[${scriptSafeJson(id)}]=${scriptSafeJson(payload)};document.dispatchEvent(new Event(${scriptSafeJson(DEFERRED_EVENT)}))`;
}

function DeferredScript({ promise, payload }: { promise: unknown; payload: DeferredPayload }) {
  const { nonce, deferredIds } = useRuntime();
  const id = typeof promise === 'object' && promise !== null ? deferredIds.get(promise) : undefined;
  // A value fetched during a client-side navigation has no id: there is nothing to hand over.
  if (!id) return null;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: payloadScript(id, payload) }} />;
}

function DeferredError({ promise, children }: { promise: unknown; children: ReactNode }) {
  useAsyncError();
  return (
    <>
      {children}
      <DeferredScript promise={promise} payload={{ error: true }} />
    </>
  );
}

export function Deferred<T>({
  value,
  fallback,
  error,
  children,
}: {
  value: Promise<T> | T;
  fallback: ReactNode;
  error: ReactNode;
  children: (data: T) => ReactNode;
}) {
  // Data already there (awaitBriefly was in time) renders in place, without a boundary of its own:
  // whatever else inside suspends (a lazy part) holds the shell as it would anywhere on the page,
  // instead of hiding this part behind the fallback until a script reveals it.
  if (!isThenable(value)) return <>{children(value)}</>;
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value} errorElement={<DeferredError promise={value}>{error}</DeferredError>}>
        {(data: T) => (
          <>
            {children(data)}
            <DeferredScript promise={value} payload={{ value: data }} />
          </>
        )}
      </Await>
    </Suspense>
  );
}

/** Browser: a promise for a value the server is still streaming (or has already streamed). */
function awaitStreamedValue(id: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      const payload = window.__DEFERRED__?.[id];
      if (!payload) return false;
      document.removeEventListener(DEFERRED_EVENT, settle);
      if ('error' in payload) reject(new Error('The server could not load this part'));
      else resolve(payload.value);
      return true;
    };
    if (!settle()) document.addEventListener(DEFERRED_EVENT, settle);
  });
}

/**
 * Browser: replaces the markers in the router's hydration data with promises that settle when
 * the server's payload scripts arrive, and records their ids so hydration renders the same script.
 */
export function adoptDeferredHydrationData(
  loaderData: Record<string, unknown> | undefined,
  deferredIds: WeakMap<object, string>,
): void {
  for (const data of Object.values(loaderData ?? {})) {
    if (typeof data !== 'object' || data === null) continue;
    const record = data as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (!isMarker(value)) continue;
      const promise = awaitStreamedValue(value.__deferred);
      deferredIds.set(promise, value.__deferred);
      record[key] = promise;
    }
  }
}

/**
 * Server: gives every pending value in the loaders' data an id and swaps it for a marker in the
 * serialized copy. A rejection nobody renders must not crash the process, hence the catch.
 */
export function markDeferredLoaderData(
  loaderData: Record<string, unknown>,
  deferredIds: WeakMap<object, string>,
  onRejected: () => void = () => undefined,
): Record<string, unknown> {
  const serialized: Record<string, unknown> = {};
  for (const [routeId, data] of Object.entries(loaderData)) {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      serialized[routeId] = data;
      continue;
    }
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      if (isThenable(value)) {
        const id = `${routeId}/${key}`;
        deferredIds.set(value, id);
        value.then(undefined, onRejected);
        copy[key] = { __deferred: id } satisfies DeferredMarker;
      } else {
        copy[key] = value;
      }
    }
    serialized[routeId] = copy;
  }
  return serialized;
}
