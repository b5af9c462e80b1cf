import { isRouteErrorResponse, type HydrationState, type StaticHandlerContext } from 'react-router';
import { adoptDeferredHydrationData, markDeferredLoaderData } from './deferred';

/**
 * The router's state after the server's loaders, handed to the browser's router through its
 * public `hydrationData` option. The server writes it as JSON in the boot script
 * (`window.__ROUTER_STATE__`, server/site/render/stream.tsx); start.tsx turns it back. React
 * Router's own `StaticRouterProvider` hydration script does not fit this site: it sends every
 * error's message in production too, and writes a part still streaming
 * (client/framework/deferred.tsx) as `{}`.
 */
export interface SerializedRouterState {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedRouteError> | null;
}

/** A route's error as JSON: a response the route threw (its status), or any other error. */
type SerializedRouteError = { status: number; statusText: string; data: unknown } | { message: string };

declare global {
  interface Window {
    __ROUTER_STATE__?: SerializedRouterState;
  }
}

/**
 * A 4xx/5xx response a route threw on the server, as the browser hydrates it: the error pages
 * show its status (`errorStatus`), as they showed the response itself on the server.
 */
export class ServerErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {}
}

/** The status an error is shown with: a route's 4xx/5xx response (thrown here or on the server), else 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) || error instanceof ServerErrorResponse ? error.status : 500;
}

/**
 * Server: the state to write, each pending loader value swapped for a marker (deferred.tsx).
 * Outside development an error's own message and a response's data never leave the server: they
 * may name internals.
 */
export function serializeRouterState(
  context: StaticHandlerContext,
  deferredIds: WeakMap<object, string>,
  showDetails: boolean,
  onRejected: () => void,
): SerializedRouterState {
  let errors: Record<string, SerializedRouteError> | null = null;
  for (const [id, error] of Object.entries(context.errors ?? {})) {
    errors ??= {};
    if (isRouteErrorResponse(error))
      errors[id] = { status: error.status, statusText: error.statusText, data: showDetails ? error.data : null };
    else errors[id] = { message: showDetails && error instanceof Error ? error.message : 'Unexpected Server Error' };
  }
  return { loaderData: markDeferredLoaderData(context.loaderData, deferredIds, onRejected), actionData: context.actionData, errors };
}

/** Browser: the state the server wrote, as the router's `hydrationData`; the parts still streaming become promises. */
export function hydrationState(
  serialized: SerializedRouterState | undefined,
  deferredIds: WeakMap<object, string>,
): HydrationState | undefined {
  if (!serialized) return undefined;
  adoptDeferredHydrationData(serialized.loaderData, deferredIds);
  let errors: Record<string, unknown> | null = null;
  for (const [id, error] of Object.entries(serialized.errors ?? {})) {
    errors ??= {};
    errors[id] = 'status' in error ? new ServerErrorResponse(error.status, error.statusText, error.data) : new Error(error.message);
  }
  return { loaderData: serialized.loaderData, actionData: serialized.actionData, errors };
}
