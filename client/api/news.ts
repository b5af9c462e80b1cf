import type { NewsItem, NewsList } from '../../shared/api-types';
import type { ReadQuery } from '../../shared/reads';
import { readerOf, type RouteContext } from './reader';

/** `GET /news`: one page of the news, newest first. */
export function fetchNews(context: RouteContext, page: ReadQuery<'news'>): Promise<NewsList> {
  return readerOf(context).news(page);
}

/** `GET /news/{slug}`: one item with its body; rejects with the API's 404 for an unknown slug. */
export function fetchNewsItem(context: RouteContext, slug: string): Promise<NewsItem> {
  return readerOf(context).newsItem(slug);
}
