import { Suspense, type ReactNode } from 'react';
import { Await, useAsyncError } from 'react-router';
import { scriptSafeJson } from '../../shared/script-json';
import { within } from '../../shared/within';
import { requestOf, type RouteContext } from './request-context';
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

/** `early`: the part failed before the loader returned and was rendered without a boundary. */
type DeferredPayload = { value: unknown } | { error: true; early?: true };
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

/** A loader's optional part as `optionalData` hands it over: the value, or a promise still settling or failed. */
export type Optional<T> = T | Promise<T>;

/**
 * Parts that failed before the loader returned. <Deferred> shows their error part in the first
 * HTML, without a Suspense boundary (a visitor without JavaScript sees it, as they see a value).
 */
const failedInTime = new WeakSet<object>();

/**
 * THE way a loader gets a page's optional API data: every part is asked for at once and awaited
 * for at most STREAM_AFTER_MS (1 s by default) together. A part that arrived in time is the value
 * itself: it is in the first HTML, so a visitor without JavaScript sees it, and bots always get
 * everything. A slower part stays a promise for <Deferred>/<StreamedPart>: a slow API never holds
 * the page's first byte, the shell streams with a placeholder and the part follows in the same
 * response. A part that failed is a rejected promise, which <Deferred> renders as its error part
 * (at once when it failed in time). Loaders do not catch: the failure is the part's error state.
 */
export async function optionalData<T extends Record<string, unknown>>(
  context: RouteContext,
  parts: { [K in keyof T]: Promise<T[K]> },
): Promise<{ [K in keyof T]: Optional<T[K]> }> {
  const result: Record<string, unknown> = {};
  let open = true;
  const watched = Object.entries(parts).map(([key, promise]) => {
    const pending = deferred(promise);
    result[key] = pending;
    // Once the loader has returned, its data must not change under the renderer.
    return pending.then(
      (value) => {
        if (open) result[key] = value;
      },
      () => {
        if (open) failedInTime.add(pending);
      },
    );
  });
  await within(Promise.all(watched), requestOf(context).streamAfterMs);
  open = false;
  return result as { [K in keyof T]: Optional<T[K]> };
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
  // Data already there (optionalData was in time) renders in place, without a boundary of its own:
  // whatever else inside suspends (a lazy part) holds the shell as it would anywhere on the page,
  // instead of hiding this part behind the fallback until a script reveals it.
  if (!isThenable(value)) return <>{children(value)}</>;
  // So does a failure in time: the error part is in the first HTML.
  if (failedInTime.has(value)) {
    return (
      <>
        {error}
        <DeferredScript promise={value} payload={{ error: true, early: true }} />
      </>
    );
  }
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
export function adoptDeferredHydrationData(loaderData: Record<string, unknown> | undefined, deferredIds: WeakMap<object, string>): void {
  for (const data of Object.values(loaderData ?? {})) {
    if (typeof data !== 'object' || data === null) continue;
    const record = data as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (!isMarker(value)) continue;
      const promise = awaitStreamedValue(value.__deferred);
      deferredIds.set(promise, value.__deferred);
      const payload = window.__DEFERRED__?.[value.__deferred];
      // Rendered by the server without a boundary: hydration must render it the same way.
      if (payload && 'error' in payload && payload.early) {
        promise.catch(() => undefined);
        failedInTime.add(promise);
      }
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
