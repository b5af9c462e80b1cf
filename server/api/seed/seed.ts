import type { Db } from '../store/database';
import { seedIdentities } from './seed-identities';
import { seedNumbers } from './seed-numbers';
import { seedPoints } from './seed-points';
import { seedTariffs } from './seed-tariffs';
import { MORE_NEWS_ITEMS } from './news-items-more';
import { NEWS_ITEMS } from './news-items';

export const NEWS_IMAGE_SIZE = { width: 1200, height: 630 };
export const ALL_NEWS = [...NEWS_ITEMS, ...MORE_NEWS_ITEMS];

/** Seeds an empty store once, in one transaction; a store that has numbers is left alone. */
export function seedIfEmpty(db: Db, now: number, demoNumbers?: number): boolean {
  const { count } = db.prepare('SELECT COUNT(*) AS count FROM numbers').get() as { count: number };
  if (count > 0) return false;
  db.transaction(() => {
    seedNumbers(db, now, demoNumbers);
    seedTariffs(db);
    seedPoints(db);
    seedIdentities(db);
    const insertNews = db.prepare(
      'INSERT INTO news (slug, published_at, image, image_width, image_height, texts) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const item of ALL_NEWS) {
      insertNews.run(item.slug, item.publishedAt, `/images/news/${item.slug}.svg`, NEWS_IMAGE_SIZE.width, NEWS_IMAGE_SIZE.height, JSON.stringify(item.texts));
    }
  })();
  return true;
}
