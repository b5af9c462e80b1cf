import type { AxiosInstance } from 'axios';
import { createContext, RouterContextProvider } from 'react-router';
import type { OperatorReader } from '../../shared/reads';

/** The part of the shared client that loaders and forms use. */
export type ApiClient = Pick<AxiosInstance, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

// React Router's documented opt-in (data mode, "Middleware"): with it, a loader's and an action's
// `context` is typed as the RouterContextProvider it is, instead of `any`. Types only: data mode
// has no such flag at run time, and this site defines no middleware.
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}

/** The `context` React Router hands a loader or an action: read it with `requestOf`. */
export type RouteContext = Readonly<RouterContextProvider>;

/**
 * A request the server renders (server/site/render/renderer.tsx), each with its own reader, so
 * nothing of one request, such as its language, leaks into another.
 */
export interface ServerRequest {
  side: 'server';
  /**
   * The API's public reads for this request (client/api/reader.ts). The server reads nothing
   * else: tokens live in the browser, so it never makes a credentialed call.
   */
  reader: OperatorReader;
  /** How long loaders wait for optional data before streaming it (config STREAM_AFTER_MS). */
  streamAfterMs: number;
}

/**
 * A navigation, revalidation or fetcher of the browser's router (client/app/start.tsx): the
 * visitor's tokens are at hand, and the reads go through the shared HTTP client.
 */
export interface BrowserRequest {
  side: 'browser';
  streamAfterMs: number;
}

export type RequestScope = ServerRequest | BrowserRequest;

const requestScope = createContext<RequestScope>();

/** The context of one request, for the static handler's `requestContext` or the browser router's `getContext`. */
export function requestContext(scope: RequestScope): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestScope, scope);
  return context;
}

/** What a loader or an action knows of the request it runs for. */
export function requestOf(context: RouteContext): RequestScope {
  return context.get(requestScope);
}
