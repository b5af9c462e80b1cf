import type { NewsItem, NewsList } from '../../shared/api-types';
import { apiClient } from '../api-client';

/** `GET /news`: one page of the news, newest first. */
export async function fetchNews(context: unknown, page: { page?: number; pageSize: number }): Promise<NewsList> {
  const { data } = await apiClient(context).get<NewsList>('/news', { params: page });
  return data;
}

/** `GET /news/{slug}`: one item with its body; rejects with the API's 404 for an unknown slug. */
export async function fetchNewsItem(context: unknown, slug: string): Promise<NewsItem> {
  const { data } = await apiClient(context).get<NewsItem>(`/news/${encodeURIComponent(slug)}`);
  return data;
}
