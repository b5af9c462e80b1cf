import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import type { DataState } from '../../api/create-api';
import type { Config } from '../../process/config';
import type { Validators } from './page-reads';
import { contentSecurityPolicy, frameAncestorsFor } from '../http/security-headers';

/**
 * A page's answer, independent of Express: the server's `renderDocument` returns it, the page
 * cache wraps it, and `server/site/render/express-adapter.ts` writes it to the response.
 *
 * The body is a Node stream: React's `renderToPipeableStream` is the fast path on Node (its web
 * stream variant costs more per chunk) and Express writes Node streams. It is null for HEAD.
 */
export interface RenderedDocument {
  status: number;
  headers: Record<string, string>;
  body: Readable | null;
  /** What the page cache needs of an HTML page; null for a redirect or a plain-text answer. */
  page: RenderedPage | null;
}

export interface RenderedPage {
  /** The nonce the page and its CSP carry (the page store replaces it by the inline scripts' hashes). */
  nonce: string;
  /**
   * The state of each piece of data the render read, taken before each read; null when the reads
   * cannot say (an external API). The page store serves the page again only while every one stands.
   */
  data(): readonly DataState[] | null;
  /**
   * From an external API: its GETs with their answers' ETags, and how to ask whether they stand
   * (null when one was answered without an ETag). Absent or null with the embedded API.
   */
  validators?(): Validators | null;
  /** The page's weak ETag over all the data it read, or its reads' ETags (null without either): the stored page's. */
  etag(): string | null;
  /**
   * Read once the body has ended: true when the page was rendered whole, without a failed API
   * call or a part shown as failed, so it may be kept and served to others.
   */
  complete(): boolean;
  /** Nothing was left waiting for data when the body began: it ends at once (the page store may take it whole first). */
  whole(): boolean;
  /**
   * Until when what the render itself wrote from the clock holds (the footer's year, Runtime.year:
   * the next new year in Tashkent); absent, nothing of the clock's. The store keeps the page no longer.
   */
  until?: number;
}

/**
 * The request a document is rendered for: a Fetch `Request` (method, URL, headers, abort signal),
 * not Express's. It is the type react-router's static handler takes, so it is passed on to the
 * loaders as it is; its signal ends the render and the loaders' API calls when the visitor
 * leaves; and a test or another server can build one without Express. Its URL is the page's
 * (`pageUrl`: tracking parameters dropped) on the public origin.
 */
export type RenderDocument = (request: Request) => Promise<RenderedDocument>;

/** The header of a page's Request that names the visitor's address: written by the Express adapter from `req.ip`, never passed on from the visitor. */
export const CLIENT_ADDRESS_HEADER = 'x-oq-client-address';

/** The header of a page's Request that says what became of a number chosen without scripts (JSON ServerChoice): written by the site's own choice route, never passed on from the visitor. */
export const NUMBER_CHOICE_HEADER = 'x-oq-number-choice';

/** The headers of every HTML page; the nonce is this response's own. */
export function htmlHeaders(config: Config, path: string, nonce: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': contentSecurityPolicy(
      nonce,
      config.public,
      frameAncestorsFor(path, config.oqDayFrameAncestors, config.pageFrameAncestors),
    ),
    // nginx would otherwise buffer the stream: the shell must reach the visitor at once.
    'X-Accel-Buffering': 'no',
  };
}

/** A body that is known whole: sent with its length, and not at all for HEAD. */
export function fixedBody(text: string | Buffer, method: string): { body: Readable | null; length: string } {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return { body: method === 'HEAD' ? null : Readable.from([bytes], { objectMode: false }), length: String(bytes.length) };
}

const STATUS_TEXT: Record<number, string> = { 404: 'Page Not Found', 500: 'Internal Server Error' };

/** A plain body for bots on error statuses, and the last resort when React cannot render at all. */
export function plainDocument(
  status: number,
  method: string,
  headers: Record<string, string> = {},
  text = `${status} ${STATUS_TEXT[status] ?? STATUS_CODES[status] ?? 'Error'}`,
): RenderedDocument {
  const { body, length } = fixedBody(text, method);
  return {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': length, ...headers },
    body,
    page: null,
  };
}
