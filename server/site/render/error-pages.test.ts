import request from 'supertest';
import type { RouteObject } from 'react-router';
import { createRoutes } from '../../../client/app/routes';
import { LANGUAGES, localizePath } from '../../../shared/languages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { linkHref, textOf } from '../../testing/test-html';
import { BROWSER_UA as BROWSER, CRAWLER_UAS as BOTS } from '../../../shared/testing/user-agents';

function Boom(): never {
  throw new Error('secret render failure detail');
}

/** Two pages that fail on purpose: one in its loader, one while rendering. */
const failingPages = (lang: string): RouteObject[] => [
  {
    id: `${lang}:test-loader-throws`,
    path: 'test-loader-throws',
    loader: () => {
      throw new Error('secret loader failure detail');
    },
    Component: () => null,
  },
  { id: `${lang}:test-render-throws`, path: 'test-render-throws', Component: Boom },
];

describe('error pages', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp({}, { routes: createRoutes({ extraPages: failingPages }) });
  });
  afterAll(() => t.close());

  it.each(LANGUAGES)('answer an unknown path in %s with the 404 page in the default layout', async (lang) => {
    const path = localizePath('/no/such/page', lang);
    const res = await request(t.app).get(path).set('User-Agent', BROWSER).expect(404);
    const text = textOf(res.text);
    const expected = {
      ru: ['Страница не найдена', 'Страница не найдена: '],
      en: ['Page Not Found', 'Page not found: '],
      uz: ['Sahifa topilmadi', 'Sahifa topilmadi: '],
      'uz-cyrl': ['Саҳифа топилмади', 'Саҳифа топилмади: '],
    }[lang];
    expect(text).toContain(expected[0]);
    expect(text).toContain(`${expected[1]}${path}`);
    expect(res.text).toContain('<header class="site-header"');
    expect(res.text).toMatch(new RegExp(`<a [^>]*href="${localizePath('/', lang)}"`));
    expect(res.text).toMatch(new RegExp(`<a [^>]*href="${localizePath('/news', lang)}"`));
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each(LANGUAGES)('answers an unknown news slug in %s with the 404 page', async (lang) => {
    const path = localizePath('/news/no-such-news-item', lang);
    const res = await request(t.app).get(path).expect(404);
    expect(textOf(res.text)).toContain(`: ${path}`);
  });

  it('shows the English status message word for word', async () => {
    const res = await request(t.app).get('/en/missing').expect(404);
    expect(textOf(res.text)).toContain('Page Not Found');
    expect(textOf(res.text)).toContain('Page not found: /en/missing');
  });

  it.each(['/test-loader-throws', '/en/test-loader-throws', '/uz/test-render-throws', '/test-render-throws'])(
    'answers an error thrown in %s with status 500 and the generic page, without details in production',
    async (path) => {
      const res = await request(t.app).get(path).set('User-Agent', BROWSER).expect(500);
      const text = textOf(res.text);
      if (path.startsWith('/en')) {
        expect(text).toContain('Internal Server Error');
        expect(text).toContain('Try Again');
        expect(text).toContain('Support Service');
      } else if (path.startsWith('/uz')) {
        expect(text).toContain('Serverning ichki xatosi');
      } else {
        expect(text).toContain('Внутренняя ошибка сервера');
        expect(text).toContain('Попробовать снова');
        expect(text).toContain('Служба поддержки');
      }
      expect(res.text).not.toContain('secret');
      expect(res.text).not.toMatch(/\n\s+at /);
      expect(res.text).toContain('<header class="site-header"');
      expect(t.logger.lines.some((line) => line.includes('secret'))).toBe(true);
    },
  );

  it('names the error on the 500 page in development, still without a stack trace', async () => {
    const dev = createTestApp({ NODE_ENV: 'development' }, { routes: createRoutes({ extraPages: failingPages }) });
    try {
      const res = await request(dev.app).get('/en/test-loader-throws').expect(500);
      expect(textOf(res.text)).toContain('secret loader failure detail');
      expect(res.text).not.toMatch(/\n\s+at /);
    } finally {
      dev.close();
    }
  });

  it.each(BOTS)('gives the bot %s the status without the error page', async (ua) => {
    const notFound = await request(t.app).get('/en/missing').set('User-Agent', ua).expect(404);
    expect(notFound.headers['content-type']).toMatch(/^text\/plain/);
    expect(notFound.text).toBe('404 Page Not Found');
    const failed = await request(t.app).get('/en/test-loader-throws').set('User-Agent', ua).expect(500);
    expect(failed.headers['content-type']).toMatch(/^text\/plain/);
    expect(failed.text).toBe('500 Internal Server Error');
    const renderFailed = await request(t.app).get('/test-render-throws').set('User-Agent', ua).expect(500);
    expect(renderFailed.text).toBe('500 Internal Server Error');
  });

  it('gives bots normal pages fully rendered', async () => {
    const res = await request(t.app).get('/en/about').set('User-Agent', BOTS[0]).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(linkHref(res.text, 'canonical')).toBe('https://oq.example/en/about');
    expect(res.text).toContain('</html>');
  });

  it.each(['/%E0%A4%A', '/en/%', '/news/%zz', '/%C0%AF', '/uz/%FF%FE'])(
    'answers the malformed path %s with the 404 page and writes no warning to the log',
    async (path) => {
      const warn = jest.spyOn(console, 'warn');
      const error = jest.spyOn(console, 'error');
      const before = t.logger.lines.length;
      try {
        const res = await request(t.app).get(path).set('User-Agent', BROWSER).expect(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        // The site logs through its logger; libraries (react-router's decode warning) through the console.
        expect(t.logger.lines.slice(before).filter((line) => /^(warn|error):/.test(line))).toEqual([]);
        expect(warn).not.toHaveBeenCalled();
        expect(error).not.toHaveBeenCalled();
      } finally {
        warn.mockRestore();
        error.mockRestore();
      }
    },
  );

  it('refuses methods other than GET and HEAD on pages', async () => {
    await request(t.app).post('/en/about').send('x=1').expect(405).expect('Allow', 'GET, HEAD');
  });

  it('answers HEAD with the status and no body', async () => {
    const res = await request(t.app).head('/en/missing').expect(404);
    expect(res.text ?? '').toBe('');
    await request(t.app).head('/en/about').expect(200);
  });
});
