import type { NewsItem, NewsSummary } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { inLanguage, type Localized } from '../../../shared/localized';
import type { ApiContext } from '../context';
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

/** The news as the API reads it: a page of summaries with the total, or one item with its body. */
export function createNewsReads(db: ApiContext['db']) {
  const list = db.prepare('SELECT * FROM news ORDER BY published_at DESC, slug LIMIT ? OFFSET ?');
  const count = db.prepare('SELECT COUNT(*) AS total FROM news');
  const one = db.prepare('SELECT * FROM news WHERE slug = ?');
  return {
    page(lang: Language, pageSize: number, offset: number): { items: NewsSummary[]; total: number } {
      const items = (list.all(pageSize, offset) as NewsRow[]).map((row) => {
        const { body: _body, ...rest } = summary(row, lang);
        return rest;
      });
      return { items, total: (count.get() as { total: number }).total };
    },
    item(lang: Language, slug: string): NewsItem | null {
      const row = one.get(slug) as NewsRow | undefined;
      return row ? summary(row, lang) : null;
    },
  };
}
