import type { NewsSummary } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { inLanguage, type Localized } from '../../../shared/localized';
import type { ApiContext } from '../context';
import { pageOf } from '../http/input';
import type { ReadHandlers } from '../read-handler';
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
  const texts = inLanguage(JSON.parse(row.texts) as Localized<NewsTexts>, lang);
  return {
    slug: row.slug,
    title: texts.title,
    summary: texts.summary,
    publishedAt: row.published_at,
    image: { url: row.image, width: row.image_width, height: row.image_height },
    body: texts.body,
  };
}

/** The news's public reads (shared/reads.ts): a page of summaries with the total, newest first, or one item with its body. */
export function createNewsReads(db: ApiContext['db']): ReadHandlers<'news' | 'newsItem'> {
  const list = db.prepare('SELECT * FROM news ORDER BY published_at DESC, slug LIMIT ? OFFSET ?');
  const count = db.prepare('SELECT COUNT(*) AS total FROM news');
  const one = db.prepare('SELECT * FROM news WHERE slug = ?');
  return {
    news: ({ lang, query }) => {
      const { page, pageSize, offset } = pageOf(query, 6);
      const items = (list.all(pageSize, offset) as NewsRow[]).map((row) => {
        const { body: _body, ...rest } = summary(row, lang);
        return rest;
      });
      return { items, page, pageSize, total: (count.get() as { total: number }).total };
    },
    newsItem: ({ lang, param }) => {
      const row = one.get(param) as NewsRow | undefined;
      return row ? summary(row, lang) : null;
    },
  };
}
