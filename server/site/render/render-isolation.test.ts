import request from 'supertest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { htmlLang, titleOf } from '../../testing/test-html';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

describe('concurrent server renders', () => {
  it('never leak one request’s language into another', async () => {
    const list = await request(t.app).get('/api/v1/news').set('X-Language', 'en').expect(200);
    const slug: string = list.body.items[0].slug;
    const titles: Record<string, string> = {};
    for (const lang of ['ru', 'en', 'uz']) {
      titles[lang] = (await request(t.app).get(`/api/v1/news/${slug}`).set('X-Language', lang).expect(200)).body.title;
    }
    expect(new Set(Object.values(titles)).size).toBe(3);

    // Interleave many renders of the same page in the three languages; each must stay in its own.
    const langs = Array.from({ length: 30 }, (_, i) => ['ru', 'en', 'uz'][i % 3]);
    const responses = await Promise.all(
      langs.map((lang) =>
        request(t.app)
          .get(lang === 'ru' ? `/news/${slug}` : `/${lang}/news/${slug}`)
          .set('Accept-Language', 'ru'),
      ),
    );
    responses.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(htmlLang(res.text)).toBe(langs[i]);
      expect(titleOf(res.text)).toContain(titles[langs[i]]);
    });
  });
});
