import { isAxiosError } from 'axios';
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import type { NewsItem } from '../../../shared/api-types';
import { apiClient } from '../../api-client';
import { PageHead } from '../../components/PageHead';
import { notFoundLoader } from '../../not-found';

export async function loader({ params, context }: LoaderFunctionArgs): Promise<NewsItem> {
  try {
    const { data } = await apiClient(context).get<NewsItem>(`/news/${encodeURIComponent(params.slug ?? '')}`);
    return data;
  } catch (error) {
    // An unknown slug is the 404 page, like any unknown path.
    if (isAxiosError(error) && error.response?.status === 404) notFoundLoader();
    throw error;
  }
}

export function Component() {
  const item = useLoaderData() as NewsItem;
  return (
    <article className="container page page--news-item">
      <PageHead title={item.title} description={item.summary} image={item.image.url} type="article" />
      <h1>{item.title}</h1>
      {item.body.split(/\n\s*\n/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </article>
  );
}
