import type { Router } from 'express';
import type { NewsItem, NewsList, NewsSummary } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import type { ApiContext } from '../context';
import { notFound } from '../http/api-error';
import { cacheFor, NEWS_SECONDS } from '../http/caching';
import { NewsItemQuery, NewsListQuery } from '../../../shared/contract';
import { pageOf, query } from '../http/input';
import { requestLanguage } from '../http/language';
import type { NewsTexts } from '../seed/news-items';

interface NewsRow {
  slug: string;
  published_at: string;
  image: string;
  image_width: number;
  image_height: number;
  texts: string;
}

function summary(row: NewsRow, lang: Language): NewsSummary & { body: string } {
  const texts = (JSON.parse(row.texts) as Record<Language, NewsTexts>)[lang];
  return {
    slug: row.slug,
    title: texts.title,
    summary: texts.summary,
    publishedAt: row.published_at,
    image: { url: row.image, width: row.image_width, height: row.image_height },
    body: texts.body,
  };
}

export function registerNews(router: Router, ctx: ApiContext): void {
  const list = ctx.db.prepare('SELECT * FROM news ORDER BY published_at DESC, slug LIMIT ? OFFSET ?');
  const count = ctx.db.prepare('SELECT COUNT(*) AS total FROM news');
  const one = ctx.db.prepare('SELECT * FROM news WHERE slug = ?');

  router.get('/news', (req, res) => {
    const { page, pageSize, offset } = pageOf(query(req, NewsListQuery), 6);
    const lang = requestLanguage(req);
    const items = (list.all(pageSize, offset) as NewsRow[]).map((row) => {
      const { body: _body, ...rest } = summary(row, lang);
      return rest;
    });
    const { total } = count.get() as { total: number };
    const payload: NewsList = { items, page, pageSize, total };
    cacheFor(res, NEWS_SECONDS);
    res.json(payload);
  });

  router.get('/news/:slug', (req, res) => {
    query(req, NewsItemQuery);
    const row = one.get(req.params.slug) as NewsRow | undefined;
    if (!row) throw notFound('news_not_found');
    const item: NewsItem = summary(row, requestLanguage(req));
    cacheFor(res, NEWS_SECONDS);
    res.json(item);
  });
}
