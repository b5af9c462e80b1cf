import { get, startBuiltServer } from '../testing/built-server';
import { createLogger } from './logger';

/** What the logger writes to stdout and stderr while `run` runs, line by line and parsed. */
function captured(run: () => void): { stdout: Record<string, unknown>[]; stderr: Record<string, unknown>[] } {
  const out: string[] = [];
  const err: string[] = [];
  const keep = (into: string[]) => (chunk: string | Uint8Array) => {
    into.push(String(chunk));
    return true;
  };
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(keep(out));
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(keep(err));
  try {
    run();
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
  const parse = (chunks: string[]) =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stdout: parse(out), stderr: parse(err) };
}

describe('the logger', () => {
  it('writes a note as one JSON line on stdout with an ISO time, the level by name, the message and the worker pid', () => {
    const { stdout, stderr } = captured(() => createLogger().info('Listening on http://127.0.0.1:3000'));
    expect(stderr).toEqual([]);
    expect(stdout).toEqual([{ level: 'info', time: expect.any(String), pid: process.pid, message: 'Listening on http://127.0.0.1:3000' }]);
    expect(new Date(String(stdout[0].time)).toISOString()).toBe(stdout[0].time);
  });

  it('writes warnings and errors on stderr only, an error with its type, message and stack, and the fields it is given', () => {
    const { stdout, stderr } = captured(() => {
      const logger = createLogger();
      logger.warn('JWT_SECRET is not set');
      logger.error('API error on GET /api/v1/tariffs', new TypeError('store closed'), { requestId: 'proxy-id-42' });
      logger.error('Unhandled promise rejection', 'a plain reason');
    });
    expect(stdout).toEqual([]);
    expect(stderr).toMatchObject([
      { level: 'warn', message: 'JWT_SECRET is not set' },
      {
        level: 'error',
        message: 'API error on GET /api/v1/tariffs',
        requestId: 'proxy-id-42',
        error: { type: 'TypeError', message: 'store closed' },
      },
      { level: 'error', message: 'Unhandled promise rejection', error: { value: 'a plain reason' } },
    ]);
    expect(stderr[0]).not.toHaveProperty('error');
    expect(String((stderr[1].error as { stack: string }).stack)).toContain('TypeError: store closed');
  });

  it('writes every request line on stdout, a 5xx at level error, with exactly the fields it is given (none left undefined)', () => {
    const { stdout, stderr } = captured(() => {
      const logger = createLogger();
      logger.request({ requestId: 'a', method: 'GET', path: '/en', status: 200, durationMs: 1.5, bytes: undefined, aborted: undefined });
      logger.request({ requestId: 'b', method: 'GET', path: '/api/v1/tariffs', status: 500, durationMs: 2 });
    });
    expect(stderr).toEqual([]);
    expect(stdout).toEqual([
      {
        level: 'info',
        time: expect.any(String),
        pid: process.pid,
        requestId: 'a',
        method: 'GET',
        path: '/en',
        status: 200,
        durationMs: 1.5,
      },
      {
        level: 'error',
        time: expect.any(String),
        pid: process.pid,
        requestId: 'b',
        method: 'GET',
        path: '/api/v1/tariffs',
        status: 500,
        durationMs: 2,
      },
    ]);
  });
});

describe("the built server's log", () => {
  it('is JSON lines only while it serves pages, compressed or not: node writes no warning of its own', async () => {
    const server = await startBuiltServer({ LOG_REQUESTS: 'true', PAGE_CACHE_SECONDS: '0' });
    try {
      for (const [page, encoding] of [
        ['/', 'br'],
        ['/en/numbers', 'gzip'],
        ['/uz/news', 'identity'],
        ['/en/nowhere', 'gzip'],
      ]) {
        await get(`${server.origin}${page}`, { 'accept-encoding': encoding });
      }
      // A warning is written on the tick after the listener that raised it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = server.output().split('\n').filter(Boolean);
      expect(lines.filter((line) => !line.startsWith('{'))).toEqual([]);
      const paths = lines.map((line) => (JSON.parse(line) as { path?: string }).path ?? '');
      // One line per page view: its reads of the embedded API are no requests of their own.
      expect(paths.filter(Boolean)).toEqual(['/', '/en/numbers', '/uz/news', '/en/nowhere']);
    } finally {
      await server.stop();
    }
  });
});
