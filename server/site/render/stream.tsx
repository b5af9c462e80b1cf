import { PassThrough, type Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider, type DataRouteObject, type StaticHandlerContext } from 'react-router';
import { scriptSafeJson } from '../../../shared/script-json';
import { bootModulesScript } from '../../../shared/boot-modules';
import { serializeRouterState } from '../../../client/framework/hydration-data';
import { RuntimeProvider, type BootData, type Runtime } from '../../../client/framework/runtime';

/** One page's React render, as `renderDocument` sets it up after the loaders ran. */
export interface StreamOptions {
  /** The static handler's routes (`dataRoutes`) that made `context`. */
  routes: DataRouteObject[];
  runtime: Runtime;
  boot: BootData;
  /** What the boot script loads after the first paint (shared/boot-modules.ts): the entry, then its imports, the page's chunks and text sections. */
  bootModules: string[];
  /** For log lines. */
  path: string;
  /** Bots get the document when everything is ready, browsers as soon as the shell is. */
  bot: boolean;
  showErrorDetails: boolean;
  timeoutMs: number;
  /** The visitor left: the render stops. */
  signal: AbortSignal;
  /** Where a render error is shown on the next attempt (errorBoundaryFor). */
  boundaryFor: (context: StaticHandlerContext, attempt: number) => string;
  log: (level: 'error' | 'info', message: string, error?: unknown) => void;
}

export type StreamedDocument =
  | {
      kind: 'html';
      status: number;
      body: Readable;
      complete: () => boolean;
      /** Nothing was left waiting when the document could be sent: its body follows at once, whole. */
      whole: () => boolean;
    }
  /** The bot's answer on an error status, and the last resort when React cannot render at all. */
  | { kind: 'plain'; status: number };

/**
 * Renders the document for `context` and resolves once it may be sent: at the shell for a
 * browser, at everything for a bot. A render that throws before that is rendered again with the
 * error at the page's layout, then at the document, then given up for plain text. Rejects with
 * the signal's reason when the visitor leaves first.
 */
export function streamDocument(context: StaticHandlerContext, options: StreamOptions, attempt = 0): Promise<StreamedDocument> {
  const { runtime, boot, bot, signal, log, path } = options;
  const status = context.statusCode;
  if (bot && status >= 400) return Promise.resolve({ kind: 'plain', status });
  return new Promise((resolve, reject) => {
    // A part that failed (an API error shown as such) makes the page one not to keep.
    let failedPart = false;
    let settled = false;
    // React calls onAllReady right after onShellReady, in the same pass, when no part waits for data.
    let allReady = false;
    const routerState = serializeRouterState(context, runtime.deferredIds, options.showErrorDetails, () => (failedPart = true));
    const router = createStaticRouter(options.routes, context);
    const body = new PassThrough();
    const start = () => {
      if (settled) return;
      settled = true;
      stream.pipe(body);
      resolve({ kind: 'html', status, body, complete: () => !failedPart, whole: () => allReady });
    };
    const stream = renderToPipeableStream(
      <RuntimeProvider value={runtime}>
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce={runtime.nonce} />
      </RuntimeProvider>,
      {
        nonce: runtime.nonce,
        // A part that is ready is written in place, however much came before it. React's default
        // (12.8 kB) sends the ready parts beyond it as hidden segments that a script reveals: the
        // page's HydrationBoundary sections were then invisible without JavaScript and to crawlers.
        // Only a part still waiting for its data (StreamedPart) comes after the shell.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // The app starts after the first paint (shared/boot-modules.ts): no module script or preload in the head.
        bootstrapScriptContent: `window.__APP__=${scriptSafeJson(boot)};window.__ROUTER_STATE__=${scriptSafeJson(routerState)};${bootModulesScript(options.bootModules)}`,
        onShellReady() {
          if (!bot) start();
        },
        onAllReady() {
          allReady = true;
          if (bot) start();
        },
        onShellError(error) {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          if (settled) return;
          settled = true;
          log('error', `Render failed for ${path}`, error);
          if (attempt >= 2) return resolve({ kind: 'plain', status: 500 });
          const boundary = options.boundaryFor(context, attempt);
          resolve(streamDocument({ ...context, statusCode: 500, errors: { [boundary]: error } }, options, attempt + 1));
        },
        onError(error) {
          failedPart = true;
          if (!signal.aborted) log('error', `Render error for ${path}`, error);
        },
      },
    );
    // A stuck render is ended; the timer goes with the body (sent whole, or dropped).
    const timer = setTimeout(() => stream.abort(new Error('Render timed out')), options.timeoutMs);
    const onAbort = () => {
      clearTimeout(timer);
      const before = settled;
      settled = true;
      stream.abort();
      if (!before) reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    body.once('close', () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    });
  });
}
