import request from 'supertest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { preferredLanguage } from './language-redirects';
import { textOf } from '../../testing/test-html';
import { CRAWLER_UAS } from '../../../shared/testing/user-agents';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/150.0 Safari/537.36';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

function home(headers: Record<string, string>) {
  let req = request(t.app).get('/').set('User-Agent', BROWSER);
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  return req;
}

describe('the language of /', () => {
  it.each([
    ['en', '/en'],
    ['uz', '/uz'],
    ['uz-cyrl', '/uz-cyrl'],
  ])('follows the cookie lang=%s with a redirect to %s that renews the cookie for 365 days', async (lang, target) => {
    const res = await home({ Cookie: `lang=${lang}` }).expect(302);
    expect(res.headers.location).toBe(target);
    const cookie = res.headers['set-cookie'][0];
    expect(cookie).toMatch(new RegExp(`^lang=${lang};`));
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
  });

  it('stays Russian when the cookie says ru, whatever Accept-Language prefers', async () => {
    await home({ Cookie: 'lang=ru', 'Accept-Language': 'en-US,en;q=0.9' }).expect(200);
  });

  it.each([
    ['en-US,en;q=0.9,ru;q=0.8', '/en'],
    ['uz-UZ,uz;q=0.9', '/uz'],
    ['ru;q=0.4, uz;q=0.8', '/uz'],
    ['uz-Cyrl', '/uz-cyrl'],
    ['uz-Cyrl-UZ,uz;q=0.9,ru;q=0.8', '/uz-cyrl'],
    ['ru;q=0.4, uz-Cyrl;q=0.8', '/uz-cyrl'],
  ])('without a cookie follows Accept-Language %s to %s and sets the cookie', async (header, target) => {
    const res = await home({ 'Accept-Language': header }).expect(302);
    expect(res.headers.location).toBe(target);
    expect(res.headers['set-cookie'][0]).toMatch(new RegExp(`^lang=${target.slice(1)};`));
  });

  it.each(['ru-RU,ru;q=0.9,en;q=0.8', 'de-DE,fr;q=0.5', '', 'garbage;;;q=zz,,,', 'x'.repeat(5000), '*'])(
    'stays Russian with Accept-Language %p',
    async (header) => {
      const res = await home(header ? { 'Accept-Language': header } : {}).expect(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );

  it.each(['lang=fr', 'lang=%E0%A4%A', 'lang=', 'lang=en%00', 'garbage===;;;'])(
    'falls back to ru with the broken cookie %p',
    async (cookie) => {
      await home({ Cookie: cookie }).expect(200);
    },
  );

  it('keeps the cookie ahead of Accept-Language', async () => {
    const res = await home({ Cookie: 'lang=uz', 'Accept-Language': 'en' }).expect(302);
    expect(res.headers.location).toBe('/uz');
  });

  it.each(CRAWLER_UAS)('never redirects a crawler nor sets it a cookie: %s', async (crawler) => {
    const res = await request(t.app).get('/').set('User-Agent', crawler).set('Cookie', 'lang=en').set('Accept-Language', 'en').expect(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.text).toContain('<html lang="ru"');
  });

  it('keeps the query string', async () => {
    const res = await request(t.app).get('/?utm_source=sms').set('Cookie', 'lang=en').expect(302);
    expect(res.headers.location).toBe('/en?utm_source=sms');
  });

  it('varies on the cookie and Accept-Language', async () => {
    const res = await home({}).expect(200);
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });
});

describe('deep links and URL normalisation', () => {
  it('never redirects a deep link, whatever the cookie or Accept-Language: the prefix decides the language', async () => {
    const russian = await request(t.app)
      .get('/news')
      .set('User-Agent', BROWSER)
      .set('Cookie', 'lang=en')
      .set('Accept-Language', 'en')
      .expect(200);
    expect(russian.text).toContain('<html lang="ru"');
    expect(textOf(russian.text)).toContain(ru.pages.news.title);
    const english = await request(t.app).get('/en/about').set('User-Agent', BROWSER).set('Cookie', 'lang=uz').expect(200);
    expect(english.text).toContain('<html lang="en"');
    expect(textOf(english.text)).toContain(en.pages.about.title);
  });

  it.each([
    ['/ru', '/'],
    ['/ru/', '/'],
    ['/ru/news', '/news'],
    ['/ru/news?page=2', '/news?page=2'],
    ['/ru/identification/retry', '/identification/retry'],
  ])('answers %s with 301 to %s', async (from, to) => {
    const res = await request(t.app).get(from).expect(301);
    expect(res.headers.location).toBe(to);
  });

  it.each([
    ['/en/', '/en'],
    ['/news/', '/news'],
    ['/uz/about//', '/uz/about'],
    ['/en/news/?page=3', '/en/news?page=3'],
  ])('answers the trailing slash of %s with 301 to %s', async (from, to) => {
    const res = await request(t.app).get(from).expect(301);
    expect(res.headers.location).toBe(to);
  });

  it('never turns a doubled slash into a redirect to another host', async () => {
    const res = await request(t.app).get('//evil.example/').expect(301);
    expect(res.headers.location).toBe('/evil.example');
  });

  it.each([
    ['/ru//evil.example/x', '/evil.example/x'],
    ['/ru///evil.example', '/evil.example'],
    ['/ru/\\evil.example', '/evil.example'],
    ['/ru/\\/evil.example/x?a=1', '/evil.example/x?a=1'],
    ['/en//evil.example/', '/en/evil.example'],
    ['/uz/\\\\evil.example', '/uz/evil.example'],
    ['/\\evil.example', '/evil.example'],
    ['///evil.example//x//', '/evil.example/x'],
    ['/EN/news/\\\\evil.example', '/en/news/evil.example'],
    ['/RU//NEWS', '/news'],
  ])('collapses the slashes and backslashes of %s: 301 to %s, a path on this site', async (from, to) => {
    const res = await request(t.app).get(from).expect(301);
    expect(res.headers.location).toBe(to);
    expect(new URL(res.headers.location, 'https://oq.example').host).toBe('oq.example');
  });

  it('does not treat /russia as a language prefix', async () => {
    await request(t.app).get('/russia').expect(404);
  });

  it.each([
    ['/uz-CYRL', '/uz-cyrl'],
    ['/UZ-Cyrl/about', '/uz-cyrl/about'],
    ['/uz-cyrl/NEWS?page=2', '/uz-cyrl/news?page=2'],
    ['/uz-cyrl/', '/uz-cyrl'],
  ])('answers the misspelt Cyrillic prefix %s with one 301 to %s', async (from, to) => {
    const res = await request(t.app).get(from).expect(301);
    expect(res.headers.location).toBe(to);
    await request(t.app).get(to).expect(200);
  });

  it.each(['/uz-cyr', '/uzcyrl', '/uz-cyrillic/about', '/uz_cyrl', '/cyrl'])(
    'answers %s, no language of the site, with the 404 page, never a page in another script',
    async (path) => {
      const res = await request(t.app).get(path).expect(404);
      expect(res.text).toContain('<html lang="ru"');
    },
  );
});

describe('preferredLanguage', () => {
  it('prefers a valid cookie, then Accept-Language, then Russian', () => {
    expect(preferredLanguage('uz', 'en')).toBe('uz');
    expect(preferredLanguage('xx', 'en-GB')).toBe('en');
    expect(preferredLanguage(undefined, undefined)).toBe('ru');
    expect(preferredLanguage(['en'], 'q=;;')).toBe('ru');
    expect(preferredLanguage('uz-cyrl', 'en')).toBe('uz-cyrl');
    expect(preferredLanguage(undefined, 'uz-Cyrl-UZ')).toBe('uz-cyrl');
    expect(preferredLanguage(undefined, 'uz')).toBe('uz');
  });
});
