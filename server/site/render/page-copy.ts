import { pipeline, Transform } from 'node:stream';
import { fixedBody, type RenderedDocument } from './rendered-document';
import { servedPage, type RenderedCopy, type StoredPage } from './stored-page';

/**
 * A rendered page's way into the page store (page-cache.ts): taken whole before its first byte
 * goes, or copied on its way to the visitor, and stored only when it is one to keep. `endFlight`
 * ends the store's render of the page (PageCache.begin) with the copy, or with null.
 */

export type EndFlight = (copy: RenderedCopy | null) => Promise<StoredPage | null>;

/** A page answer the store keeps: a page, or the not-found page, never another error. */
const keptStatus = (status: number) => status === 200 || status === 404;

/** The page's copy to store, or null when it is not one to keep (an error status, a failed part, the visitor gone). */
function copyToKeep(document: RenderedDocument, html: string, signal: AbortSignal): RenderedCopy | null {
  const { status, headers, page } = document;
  if (!page || !keptStatus(status) || !page.complete() || signal.aborted) return null;
  const data = page.data();
  const until = Math.min(...(data ?? []).map((state) => state.until), page.until ?? Number.POSITIVE_INFINITY);
  return { status, headers, html, nonce: page.nonce, etag: page.etag(), data, validators: page.validators?.() ?? null, until };
}

export async function wholeFirst(document: RenderedDocument, request: Request, endFlight: EndFlight): Promise<RenderedDocument> {
  let html: string;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of document.body!) chunks.push(Buffer.from(chunk as Buffer));
    html = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    void endFlight(null);
    throw error;
  }
  const copy = copyToKeep(document, html, request.signal);
  const stored = await endFlight(copy);
  if (stored) return servedPage(stored, request, 'MISS');
  // Not kept: sent as rendered, with its nonce.
  const { body, length } = fixedBody(html, request.method);
  return missed({ ...document, headers: { ...document.headers, 'Content-Length': length }, body });
}

export function missed(document: RenderedDocument): RenderedDocument {
  return document.page ? { ...document, headers: { ...document.headers, 'X-Page-Cache': 'MISS' } } : document;
}

/**
 * The document with its body teed: every chunk goes on to the visitor and a copy is kept. When
 * the body has ended whole (the render complete, no failed API call or part, the visitor still
 * there) the copy is stored and handed to the requests waiting for it; a body dropped midway (the
 * visitor gone, the stream destroyed) never reaches `flush`, so no truncated page is kept.
 */
export function keepCopy(document: RenderedDocument, signal: AbortSignal, endFlight: EndFlight): RenderedDocument {
  const { status, body, page } = document;
  if (!body || !page || !keptStatus(status)) {
    void endFlight(null);
    return document;
  }
  const chunks: Buffer[] = [];
  const copy = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done(null, chunk);
    },
    flush(done) {
      void endFlight(copyToKeep(document, Buffer.concat(chunks).toString('utf8'), signal));
      done();
    },
  });
  // However the body ends without a page to keep, the requests waiting for it stop waiting.
  copy.once('close', () => void endFlight(null));
  // Either side destroyed destroys the other (the render stops); the error itself reaches
  // whoever reads `copy`, which sends it to the visitor.
  return { ...document, body: pipeline(body, copy, () => undefined) };
}
