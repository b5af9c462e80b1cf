import http from 'node:http';
import zlib from 'node:zlib';
import type { RouteObject } from 'react-router';
import { useLoaderData } from 'react-router';
import { createRoutes } from '../../../client/app/routes';
import { Deferred } from '../../../client/framework/deferred';
import { createTestApp, listenOnLoopback, type Listening, type TestApp } from '../../testing/test-app';

/** Reads a response as it streams (gunzipped when it came compressed): the text of each chunk; `onShell` once the footer is in. */
function fetchChunks(
  url: string,
  headers: Record<string, string> = {},
  onShell: () => void = () => undefined,
): Promise<{ status: number; encoding?: string; chunks: { text: string }[] }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: { text: string }[] = [];
        let shell = false;
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
        body.setEncoding('utf8');
        body.on('data', (text: string) => {
          chunks.push({ text });
          if (!shell && chunks.some((chunk) => chunk.text.includes('</footer>'))) {
            shell = true;
            onShell();
          }
        });
        body.on('end', () => resolve({ status: res.statusCode ?? 0, encoding, chunks }));
      })
      .on('error', reject);
  });
}

/**
 * Each render of the test page waits here for its parts: they settle when the test releases them
 * (after the shell has reached it, or at once for a bot), never after a fixed time.
 */
const renders: Array<() => void> = [];
let renderStarted: (() => void) | null = null;
function nextRender(): Promise<() => void> {
  const waiting = renders.shift();
  if (waiting) return Promise.resolve(waiting);
  return new Promise((resolve) => {
    renderStarted = () => resolve(renders.shift()!);
  });
}
/** Reads a page whose parts are released as soon as its shell has arrived. */
function fetchReleasingAfterShell(url: string, headers: Record<string, string> = {}) {
  const render = nextRender();
  return fetchChunks(url, headers, () => void render.then((release) => release()));
}

function SlowPart() {
  const data = useLoaderData() as { slow: Promise<string>; failing: Promise<string> };
  return (
    <div>
      <h1>Streaming page</h1>
      <Deferred value={data.slow} fallback={<p>loading the slow part</p>} error={<p>slow part failed</p>}>
        {(value) => <p>slow part: {value}</p>}
      </Deferred>
      <Deferred value={data.failing} fallback={<p>loading the failing part</p>} error={<p>the failing part could not load</p>}>
        {(value) => <p>{value}</p>}
      </Deferred>
    </div>
  );
}

const slowPages = (lang: string): RouteObject[] => [
  {
    id: `${lang}:test-streaming`,
    path: 'test-streaming',
    loader: () => {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      renders.push(release);
      renderStarted?.();
      renderStarted = null;
      return {
        slow: released.then(() => 'arrived </script><b>late</b>'),
        failing: released.then(() => Promise.reject<string>(new Error('api down'))),
      };
    },
    Component: SlowPart,
  },
];

let t: TestApp;
let origin: string;
let listening: Listening;
beforeAll(async () => {
  t = createTestApp({}, { routes: createRoutes({ extraPages: slowPages }) });
  listening = await listenOnLoopback(t.app);
  origin = listening.origin;
});
afterAll(async () => {
  await listening.close();
  t.close();
});

describe('deferred loader data', () => {
  it('streams the shell with the fallbacks before a slow part arrives, then the part in the same response', async () => {
    const { status, chunks } = await fetchReleasingAfterShell(`${origin}/en/test-streaming`, { 'User-Agent': 'Mozilla/5.0 Chrome/150' });
    expect(status).toBe(200);
    // The shell: everything up to the footer, however the socket happened to cut it into reads.
    const shellEnd = chunks.findIndex((c) => c.text.includes('</footer>'));
    expect(shellEnd).toBeGreaterThanOrEqual(0);
    const shell = chunks
      .slice(0, shellEnd + 1)
      .map((c) => c.text)
      .join('');
    expect(shell).toContain('<h1>Streaming page</h1>');
    expect(shell).toContain('loading the slow part');
    expect(shell).not.toContain('slow part: <!-- -->arrived');
    const all = chunks.map((c) => c.text).join('');
    expect(all).toContain('the failing part could not load');
    expect(all).toContain('slow part: <!-- -->arrived');
    const part = chunks.findIndex((c) => c.text.includes('slow part: '));
    expect(part).toBeGreaterThan(shellEnd);
    // The value reaches the browser as data, escaped so it cannot close the script early.
    expect(all).toContain('self.__DEFERRED__');
    expect(all).toContain('"en:test-streaming/slow"');
    expect(all).not.toContain('arrived </script>');
    expect(all).toContain('{"error":true}');
  });

  it('streams the shell before the slow part to a browser that takes the page gzipped, too', async () => {
    const { encoding, chunks } = await fetchReleasingAfterShell(`${origin}/en/test-streaming`, {
      'User-Agent': 'Mozilla/5.0 Chrome/150',
      'Accept-Encoding': 'gzip',
    });
    expect(encoding).toBe('gzip');
    const shellEnd = chunks.findIndex((c) => c.text.includes('</footer>'));
    const part = chunks.findIndex((c) => c.text.includes('slow part: '));
    expect(shellEnd).toBeGreaterThanOrEqual(0);
    expect(part).toBeGreaterThan(shellEnd);
  });

  it('gives bots the whole page at once, parts included', async () => {
    const render = nextRender();
    const page = fetchChunks(`${origin}/en/test-streaming`, { 'User-Agent': 'Googlebot/2.1' });
    (await render)();
    const { chunks } = await page;
    const all = chunks.map((c) => c.text).join('');
    expect(all).toContain('slow part: <!-- -->arrived');
    expect(all).not.toContain('loading the slow part');
  });

  it('marks the pending parts in the hydration data instead of serializing promises', async () => {
    const { chunks } = await fetchReleasingAfterShell(`${origin}/en/test-streaming`);
    const all = chunks.map((c) => c.text).join('');
    expect(all).toContain('"slow":{"__deferred":"en:test-streaming/slow"}');
  });
});
