import http from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { useLoaderData, type RouteObject } from 'react-router';
import { createRoutes } from '../../../client/app/routes';
import { Deferred, deferred } from '../../../client/framework/deferred';
import { createMetrics } from '../../process/metrics';
import { PageCache, withPageCache } from './page-cache';
import type { RenderedDocument } from './rendered-document';
import { inlineScriptHashes } from './stored-page';
import { get } from '../../testing/built-server';
import { createTestApp, listenOnLoopback, type Listening, type TestApp } from '../../testing/test-app';

const LATE_PART = 'Поздняя часть — late part, o‘zbekcha ✓';

function LatePage() {
  const data = useLoaderData() as { late: Promise<string> };
  return (
    <main>
      <h1>Streamed page</h1>
      <Deferred value={data.late} fallback={<p>waiting for the late part</p>} error={<p>the late part failed</p>}>
        {(value) => <p>{value}</p>}
      </Deferred>
    </main>
  );
}

/** The late parts resolved so far, each with the moment it was handed to the render (tests wait on these, not on the clock). */
const lateParts: Array<Promise<void>> = [];

/** A page whose second half streams 400 ms after its shell. */
const latePages = (lang: string): RouteObject[] => [
  {
    id: `${lang}:test-late`,
    path: 'test-late',
    loader: () => {
      const late = new Promise<string>((resolve) => setTimeout(() => resolve(LATE_PART), 400));
      // Settled one turn after the render got the value: by then React has written it (or found nobody to write it to).
      lateParts.push(late.then(() => new Promise<void>((resolve) => setImmediate(resolve))));
      return { late: deferred(late) };
    },
    Component: LatePage,
  },
];

const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0' };

/** A page's bytes as they came off the socket, its cache header and its nonce. */
async function fetchBytes(url: string): Promise<{ bytes: Buffer; cache: string; nonce: string | null }> {
  const answer = await get(url, BROWSER);
  return {
    bytes: answer.bytes,
    cache: String(answer.headers['x-page-cache']),
    nonce: /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1] ?? null,
  };
}

/** Asks for a page, reads its shell (up to the footer), then goes away. */
function leaveAfterShell(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: BROWSER }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (!text.includes('</footer>')) return;
        req.destroy();
        resolve(text);
      });
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
  });
}

describe('the copy the page cache keeps of a streamed page', () => {
  let t: TestApp;
  let listening: Listening;
  beforeAll(async () => {
    t = createTestApp({ PAGE_CACHE_SECONDS: '30' }, { routes: createRoutes({ extraPages: latePages }) });
    listening = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await listening.close();
    t.close();
  });

  it('is byte for byte what the first visitor got, but for the nonce', async () => {
    const first = await fetchBytes(`${listening.origin}/en/test-late`);
    const second = await fetchBytes(`${listening.origin}/en/test-late`);
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT']);
    expect(first.bytes.toString('utf8')).toContain(LATE_PART);
    expect(second.nonce).toBeNull();
    // latin1 maps every byte to one character and back: the comparison is of bytes.
    const withoutNonce = Buffer.from(first.bytes.toString('latin1').split(` nonce="${first.nonce}"`).join(''), 'latin1');
    expect(second.bytes.equals(withoutNonce)).toBe(true);
  });

  it('is never taken from a visitor who left mid-stream: the next visitor gets the whole page, rendered again', async () => {
    const shell = await leaveAfterShell(`${listening.origin}/uz/test-late`);
    expect(shell).toContain('waiting for the late part');
    // Past the moment the late part would have been streamed to the visitor who left.
    await lateParts[lateParts.length - 1];
    const next = await fetchBytes(`${listening.origin}/uz/test-late`);
    expect(next.cache).toBe('MISS');
    const text = next.bytes.toString('utf8');
    expect(text).toContain(LATE_PART);
    expect(text.trimEnd().endsWith('</html>')).toBe(true);
    // That whole page is kept.
    expect((await fetchBytes(`${listening.origin}/uz/test-late`)).cache).toBe('HIT');
  });
});

describe('the page cache around a render', () => {
  /** A render whose body the test writes; it counts its calls. */
  function controlledRender() {
    const bodies: PassThrough[] = [];
    const render = async (): Promise<RenderedDocument> => {
      const body = new PassThrough();
      bodies.push(body);
      return {
        status: 200,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'nonce-N1'" },
        body,
        page: { nonce: 'N1', complete: () => true, whole: () => false, data: () => [], etag: () => 'W/"e1"' },
      };
    };
    const cache = new PageCache({ enabled: true, unversionedTtlMs: 0, check: { version: () => '1', now: Date.now } });
    return { bodies, handle: withPageCache(render, { cache, metrics: createMetrics() }) };
  }
  const get = () => new Request('https://oq.example/en/about', { headers: BROWSER });
  const readAll = async (body: Readable | null) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body!) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  };

  it("keeps a body that ended whole and serves it with the inline scripts' hashes in place of the nonce", async () => {
    const { bodies, handle } = controlledRender();
    const first = await handle(get());
    bodies[0].write('<script nonce="N1">');
    bodies[0].end('1</script>');
    expect(await readAll(first.body)).toBe('<script nonce="N1">1</script>');
    // The waiting request is handed the stored page once it is compressed and kept.
    const second = await handle(get());
    expect(second.headers['X-Page-Cache']).toBe('HIT');
    expect(second.headers['Content-Security-Policy']).toBe(`script-src ${inlineScriptHashes('<script>1</script>')[0]}`);
    expect(second.headers.ETag).toBe('W/"e1"');
    expect(await readAll(second.body)).toBe('<script>1</script>');
    expect(bodies).toHaveLength(1);
  });

  it('keeps nothing of a body dropped midway, and lets the requests waiting for it render for themselves', async () => {
    const { bodies, handle } = controlledRender();
    const first = await handle(get());
    const waiting = handle(get());
    bodies[0].write('<html><body>half a page');
    // What the Express side does when the visitor's connection closes.
    first.body!.destroy();
    const second = await waiting;
    expect(second.headers['X-Page-Cache']).toBe('MISS');
    expect(bodies).toHaveLength(2);
    expect(bodies[0].destroyed).toBe(true);
  });
});
