import { LRUCache } from 'lru-cache';
import type { i18n as I18n } from 'i18next';
import { createStaticHandler, isRouteErrorResponse, matchRoutes, type RouteObject, type StaticHandlerContext } from 'react-router';
import { LANGUAGES, languageFromPath, type Language } from '../../../shared/languages';
import { sameOriginPath } from '../../../shared/paths';
import type { Config } from '../../process/config';
import { createI18n, type Texts } from '../../../client/framework/i18n';
import type { BootData, Runtime } from '../../../client/framework/runtime';
import { pageModulePath, pageOfRouteId } from '../../../client/app/routes';
import { textModulesOfPages } from '../../../client/framework/page-sections';
import { layoutOf } from '../../../client/framework/route-handle';
import { requestContext } from '../../../client/framework/request-context';
import { modulePreloads, type BuildManifest } from './build-manifest';
import { isBot } from '../http/bots';
import { createNonce } from '../http/security-headers';
import type { SiteMetrics } from '../../process/metrics';
import {
  CLIENT_ADDRESS_HEADER,
  NUMBER_CHOICE_HEADER,
  htmlHeaders,
  plainDocument,
  type RenderDocument,
  type RenderedDocument,
} from './rendered-document';
import { streamDocument } from './stream';
import { memoizeTranslations } from './translation-memo';
import type { ServerReader } from '../operator-api/server-reader';
import { stateTag, weakEtag } from '../../api/create-api';
import { pageReads } from './page-reads';
import { HEAD_SCRIPT } from './head-script';
import { requestPageKey } from './page-cache';
import { nextTashkentYearAt, tashkentYear } from '../../../shared/tashkent';
import { serverChoiceOf } from '../http/number-choice';

export interface RendererOptions {
  config: Config;
  routes: RouteObject[];
  manifest: BuildManifest;
  siteTexts: Record<Language, Texts>;
  log: (level: 'error' | 'warn' | 'info', message: string, error?: unknown) => void;
  metrics: SiteMetrics;
  /** The loaders' reads of the operator API (directly from the embedded API when there is one). */
  serverReader: ServerReader;
  /** The reads report the versions of their data (the embedded API): pages name them (ETag, the page store). */
  versioned: boolean;
}

/** The table with one language's branch under its root (routes.tsx: the language's route has the language as its id). */
function languageBranch(routes: RouteObject[], lang: Language): RouteObject[] {
  return routes.map((root) => (root.children ? { ...root, children: root.children.filter((branch) => branch.id === lang) } : root));
}

/** The route whose error boundary shows a render error: the page's layout, else the document. */
function errorBoundaryFor(context: StaticHandlerContext, attempt: number): string {
  if (attempt === 0) {
    const layout = [...context.matches].reverse().find((match) => layoutOf(match.route));
    if (layout) return layout.route.id;
  }
  return 'root';
}

/**
 * The key of the page a path opens, or not_found. Matching flattens the whole route table each
 * time, so answers are remembered for the paths seen most recently.
 */
function pageOfPathIn(routes: RouteObject[]): (path: string) => string {
  const known = new LRUCache<string, string>({ max: 2000 });
  return (path) => {
    let page = known.get(path);
    if (page === undefined) known.set(path, (page = matchPage(routes, path)));
    return page;
  };
}

function matchPage(routes: RouteObject[], path: string): string {
  const matches = matchRoutes(routes, path) ?? [];
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const page = matches[i].route.id ? pageOfRouteId(matches[i].route.id!) : null;
    if (page) return page;
  }
  return 'not_found';
}

export interface Renderer {
  renderDocument: RenderDocument;
  /** The key of the page a path opens (a bounded set: it labels metrics), or not_found. */
  pageOf: (path: string) => string;
}

export function createRenderer(options: RendererOptions): Renderer {
  const { config, routes, manifest, siteTexts, log, metrics } = options;
  // One static handler per language, each with its language's branch of the table only, as the
  // browser's router starts (client/app/start.tsx): createStaticRouter converts every route it
  // is given on every request, and the four languages' table was 2.5 to 3.3 % of a page's CPU
  // (bench/README.md, issue 29).
  const handlers = new Map(LANGUAGES.map((lang) => [lang, createStaticHandler(languageBranch(routes, lang))]));
  const pageOf = pageOfPathIn(routes);
  // One i18next instance per language for every render: rendering only reads it (t() is pure; no
  // render changes its language or resources); a new instance per request showed in every profile,
  // and so did t() itself, hence its answers are remembered.
  const i18nByLanguage = Object.fromEntries(
    LANGUAGES.map((language) => [language, memoizeTranslations(createI18n(language, siteTexts[language]))]),
  ) as Record<Language, I18n>;

  /**
   * The loaders, then the document: a redirect, a plain-text status for a bot on an error, the
   * headers alone for HEAD (no React render), else the streamed page. Rejects with the signal's
   * reason when the visitor leaves before there is anything to send.
   */
  async function render(request: Request, path: string): Promise<RenderedDocument> {
    const lang = languageFromPath(path);
    const bot = isBot(request.headers.get('user-agent') ?? undefined);
    // A page built while the API failed shows an error state: fine to send, not to keep.
    let apiFailed = false;
    // What the render read: the state of each piece of data at its first read (taken before the
    // read), or, from an external API, each GET with its answer's ETag.
    const reads = pageReads(options.versioned, options.serverReader.confirm);
    const reader = options.serverReader({
      lang,
      signal: request.signal,
      requestId: request.headers.get('x-request-id') ?? undefined,
      client: request.headers.get(CLIENT_ADDRESS_HEADER) || undefined,
      onFailure: () => (apiFailed = true),
      onData: reads.onData,
      onRead: reads.onRead,
    });
    // The same data in the same build makes the same page (its store key: bot or browser, and the
    // URL): its ETag names that, not the bytes (which carry this response's nonce). Null where the
    // reads have no versions (an external API that sent no ETag) or are still out.
    const etag = () => {
      const read = reads.states();
      if (!read) return null;
      return weakEtag([manifest.buildId, requestPageKey(request), ...read.map(stateTag).sort()]);
    };
    const handler = handlers.get(lang)!;
    // The visitor left while the loaders ran: react-router ends the query with an AbortError.
    const result = await handler.query(request, {
      requestContext: requestContext({ side: 'server', reader, streamAfterMs: config.public.streamAfterMs }),
    });
    if (result instanceof Response) return redirectOrStatus(result, request.method, config.publicSiteUrl);
    request.signal.throwIfAborted();
    for (const error of Object.values(result.errors ?? {})) {
      if (!isRouteErrorResponse(error)) log('error', `Loader failed for ${path}`, error);
    }

    const status = result.statusCode;
    if (bot && status >= 400) return plainDocument(status, request.method);
    const nonce = createNonce();
    const headers = htmlHeaders(config, path, nonce);
    // A number chosen without scripts: this visitor's page alone, kept by no cache on the way.
    const choice = serverChoiceOf(request.headers.get(NUMBER_CHOICE_HEADER));
    if (choice) headers['Cache-Control'] = 'private, no-store';
    // Every read has begun once the loaders ran: the embedded API's data they read is known. An
    // external API's answers are known once they came: those of a part still streaming are not yet.
    const withEtag = () => {
      if (choice) return;
      const tag = etag();
      if (tag) headers.ETag = tag;
    };
    withEtag();
    // The render's own reading of the clock (the footer's year), and until when it holds.
    const renderedAt = Date.now();
    const year = tashkentYear(renderedAt);
    const page = (complete: () => boolean, whole: () => boolean) => ({
      nonce,
      complete,
      whole,
      data: reads.data,
      validators: reads.validators,
      etag,
      until: nextTashkentYearAt(renderedAt),
    });
    // HEAD: the status is known once the loaders ran; the body is never rendered.
    if (request.method === 'HEAD')
      return {
        status,
        headers,
        body: null,
        page: page(
          () => false,
          () => false,
        ),
      };

    const pages = result.matches.map((match) => pageOfRouteId(match.route.id)).filter((page) => page !== null);
    const runtime: Runtime = {
      config: config.public,
      i18nFor: () => i18nByLanguage[lang],
      nonce,
      headScript: HEAD_SCRIPT,
      stylesheets: manifest.stylesheets,
      deferredIds: new WeakMap(),
      year,
      ...(choice ? { choice } : {}),
    };
    const boot: BootData = {
      lang,
      config: config.public,
      stylesheets: manifest.stylesheets,
      buildId: manifest.buildId,
      year,
      ...(choice ? { choice } : {}),
    };
    const streamed = await streamDocument(result, {
      routes: handler.dataRoutes,
      runtime,
      boot,
      bootModules: [manifest.entry, ...modulePreloads(manifest, [...pages.map(pageModulePath), ...textModulesOfPages(lang, pages)])],
      bot,
      path,
      showErrorDetails: config.public.showErrorDetails,
      timeoutMs: config.renderTimeoutMs,
      signal: request.signal,
      boundaryFor: errorBoundaryFor,
      log,
    });
    if (streamed.kind === 'plain') return plainDocument(streamed.status, request.method);
    withEtag();
    return { status: streamed.status, headers, body: streamed.body, page: page(() => !apiFailed && streamed.complete(), streamed.whole) };
  }

  return {
    pageOf,
    async renderDocument(request) {
      const path = new URL(request.url).pathname;
      const stopTimer = metrics.renderDuration.startTimer({ page: pageOf(path) });
      try {
        const document = await render(request, path);
        // The render's time runs until its last byte has gone (or the body was dropped).
        if (document.body) document.body.once('close', () => stopTimer({ status: String(document.status) }));
        else stopTimer({ status: String(document.status) });
        return document;
      } catch (error) {
        stopTimer({ status: request.signal.aborted ? '499' : '500' });
        throw error;
      }
    },
  };
}

/** A loader's redirect stays on this site, whatever path it was built from; any other Response is its status. */
function redirectOrStatus(response: Response, method: string, origin: string): RenderedDocument {
  const location = response.headers.get('Location');
  const target = location ? sameOriginPath(location) : null;
  if (!target || response.status < 300 || response.status >= 400) return plainDocument(response.status, method);
  // Through the URL parser: the header carries the path percent-encoded, as a header must.
  const url = new URL(target, origin);
  const encoded = `${url.pathname}${url.search}${url.hash}`;
  return plainDocument(response.status, method, { Location: encoded, 'Cache-Control': 'no-cache' }, `Redirecting to ${encoded}`);
}
