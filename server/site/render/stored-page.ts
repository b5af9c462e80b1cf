import crypto from 'node:crypto';
import { etagMatches, weakEtag } from '../../api/create-api';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';
import type { Validators } from './page-reads';
import type { DataState } from '../../api/create-api';
import { Readable } from 'node:stream';
import type { RenderedDocument } from './rendered-document';

/**
 * A page as the page store keeps it: the same bytes for everyone, made once when it is stored.
 *
 * - Its scripts are allowed by their hashes, not by a nonce: the per-response nonce is taken out
 *   of the HTML, and the CSP's `'nonce-…'` becomes the SHA-256 of each inline script. As strict as
 *   the nonce (scripts from this origin, and exactly these inline ones; no 'unsafe-inline'), and
 *   nothing to rewrite per response.
 * - Compressed once, with brotli and gzip, and sent as the visitor's Accept-Encoding prefers.
 * - With an ETag (weak: the encodings are one page), answered 304 on a matching If-None-Match.
 */
export interface StoredPage {
  status: number;
  headers: Record<string, string>;
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
  etag: string;
  /** The data it was rendered from, each at the version its render read; null: not known (an external API). */
  data: readonly DataState[] | null;
  /** From an external API: its reads and their ETags, asked again before the page is served (page-cache.ts). */
  validators: Validators | null;
  /** When the clock alone makes it stale (epoch ms, the API's clock). */
  until: number;
}

/** A stored page's Cache-Control: browsers revalidate every time, shared caches after a second (deploy/nginx.conf). */
export const STORED_CACHE_CONTROL = 'max-age=0, s-maxage=1';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Quality 5 and level 6: a page of 30 to 100 kB in a millisecond or two on the thread pool, so a
// page that changes every second costs little; the build's own files keep quality 11.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** Every `<script>` element without `src`, and the text between its tags (React escapes `</script` inside). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** The CSP hash sources of the page's inline scripts, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (/\ssrc=/.test(attributes)) continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export interface RenderedCopy {
  status: number;
  headers: Record<string, string>;
  html: string;
  nonce: string;
  etag: string | null;
  data: readonly DataState[] | null;
  validators?: Validators | null;
  until: number;
}

/** The stored form of a rendered page: its nonce replaced by hashes, compressed both ways. */
export async function storePage({ status, headers, html, nonce, etag, data, validators, until }: RenderedCopy): Promise<StoredPage> {
  const plain = html.split(` nonce="${nonce}"`).join('');
  // The same for everyone: a shared cache (nginx) may keep it for a second, then asks again with
  // its ETag; a browser asks every time (a 304 when nothing changed).
  const stored: Record<string, string> = { ...headers, 'Cache-Control': STORED_CACHE_CONTROL };
  const policy = headers['Content-Security-Policy'];
  if (policy)
    stored['Content-Security-Policy'] = policy.replace(`'nonce-${nonce}'`, inlineScriptHashes(plain).join(' ')).replace(/ {2,}/g, ' ');
  const identity = Buffer.from(plain, 'utf8');
  const [br, gz] = await Promise.all([brotli(identity, BROTLI_OPTIONS), gzip(identity, { level: 6 })]);
  return {
    status,
    headers: stored,
    bodies: { identity, br, gzip: gz },
    // With no data to name (an external API), the tag is the bytes'.
    etag: etag ?? weakEtag([identity.toString('base64')]),
    data,
    validators: validators ?? null,
    until,
  };
}

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** A stored page's answers, their headers made once: one per encoding, and the 304. */
interface PreparedAnswers {
  encoded: Record<Encoding, Record<string, string>>;
  notModified: Record<string, string>;
}

const prepared = new WeakMap<StoredPage, Record<'HIT' | 'MISS', PreparedAnswers>>();

function prepare(page: StoredPage, cacheResult: 'HIT' | 'MISS'): PreparedAnswers {
  let both = prepared.get(page);
  if (!both) prepared.set(page, (both = { HIT: answersOf(page, 'HIT'), MISS: answersOf(page, 'MISS') }));
  return both[cacheResult];
}

function answersOf(page: StoredPage, cacheResult: 'HIT' | 'MISS'): PreparedAnswers {
  const common = { ...page.headers, ETag: page.etag, Vary: 'Accept-Encoding', 'X-Page-Cache': cacheResult };
  const notModified: Record<string, string> = { ...common };
  delete notModified['Content-Type'];
  // The whole page is here: nginx may buffer (and cache) it.
  const encoded = (encoding: Encoding) => ({
    ...common,
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    'Content-Length': String(page.bodies[encoding].length),
    'X-Accel-Buffering': 'yes',
  });
  return { encoded: { br: encoded('br'), gzip: encoded('gzip'), identity: encoded('identity') }, notModified };
}

/** What a stored page answers: 304 when the visitor has it, else its bytes (none for a HEAD) in the encoding they prefer. */
export function storedAnswer(
  page: StoredPage,
  method: string,
  ifNoneMatch: string | null | undefined,
  acceptEncoding: string | null | undefined,
  cacheResult: 'HIT' | 'MISS' = 'HIT',
): { status: number; headers: Record<string, string>; bytes: Buffer | null } {
  const answers = prepare(page, cacheResult);
  if (etagMatches(ifNoneMatch, page.etag)) return { status: 304, headers: answers.notModified, bytes: null };
  const encoding = (new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } }).encoding([...ENCODINGS]) ??
    'identity') as Encoding;
  return { status: page.status, headers: answers.encoded[encoding], bytes: method === 'HEAD' ? null : page.bodies[encoding] };
}

/** The stored page as one response of the render's chain (withPageCache). */
export function servedPage(page: StoredPage, request: Request, cacheResult: 'HIT' | 'MISS' = 'HIT'): RenderedDocument {
  const { method, headers } = request;
  const answer = storedAnswer(page, method, headers.get('if-none-match'), headers.get('accept-encoding'), cacheResult);
  const body = answer.bytes ? Readable.from([answer.bytes], { objectMode: false }) : null;
  return { status: answer.status, headers: answer.headers, body, page: null };
}
