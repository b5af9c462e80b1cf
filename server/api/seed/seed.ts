import { writeTransaction, type Db } from '../store/database';
import { seedIdentities } from './seed-identities';
import { seedNumbers } from './seed-numbers';
import { seedPoints } from './seed-points';
import { seedTariffs } from './seed-tariffs';
import { MORE_NEWS_ITEMS } from './news-items-more';
import { NEWS_ITEMS } from './news-items';

export const NEWS_IMAGE_SIZE = { width: 1200, height: 630 };
export const ALL_NEWS = [...NEWS_ITEMS, ...MORE_NEWS_ITEMS];

/**
 * Seeds an empty store once, in one transaction; a store that has numbers is left alone. The
 * workers of a cluster all start on the same file: the first one seeds, the others wait for its
 * transaction (a large DEMO_NUMBERS takes tens of seconds, longer than the usual busy timeout)
 * and then find the store full.
 */
export function seedIfEmpty(db: Db, now: number, demoNumbers?: number): boolean {
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 600000');
  try {
    return seedOnce(db, now, demoNumbers);
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

function seedOnce(db: Db, now: number, demoNumbers?: number): boolean {
  return writeTransaction(db, () => {
    if (db.prepare('SELECT EXISTS (SELECT 1 FROM numbers)').pluck().get() === 1) return false;
    seedNumbers(db, now, demoNumbers);
    seedTariffs(db);
    seedPoints(db);
    seedIdentities(db);
    const insertNews = db.prepare(
      'INSERT INTO news (slug, published_at, image, image_width, image_height, texts) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const item of ALL_NEWS) {
      insertNews.run(
        item.slug,
        item.publishedAt,
        `/images/news/${item.slug}.svg`,
        NEWS_IMAGE_SIZE.width,
        NEWS_IMAGE_SIZE.height,
        JSON.stringify(item.texts),
      );
    }
    return true;
  })();
}
