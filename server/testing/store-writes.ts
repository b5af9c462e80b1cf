import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../api/store/database';

/**
 * Retitles the newest news item in English through a connection of its own, as an editor's tool
 * (another process) writing the store would: the page store's tests change the news this way.
 */
export function retitleNewestNews(dataDir: string, title: string): void {
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  try {
    db.prepare(
      "UPDATE news SET texts = json_set(texts, '$.en.title', ?) WHERE slug = (SELECT slug FROM news ORDER BY published_at DESC LIMIT 1)",
    ).run(title);
  } finally {
    db.close();
  }
}
