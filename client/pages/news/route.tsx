import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NewsList } from '../../../shared/api-types';
import { fetchNews } from '../../api/news';
import { PageHead } from '../../components/PageHead';
import { StreamedPart } from '../../components/StreamedPart';
import { isThenable, optionalData } from '../../framework/deferred';
import { useLanguage } from '../../components/use-language';
import { NewsCard } from './NewsCard';
import { lastNewsPage, NEWS_PAGE_SIZE, parseNewsPage } from './news-query';
import { Pagination } from './Pagination';
import { HydrationBoundary } from '../../components/HydrationBoundary';
import './news.css';

/** The news cards a phone shows on its first screen: their images load at once, the rest lazily. */
const FIRST_SCREEN_CARDS = 2;

export interface NewsListData {
  page: number;
  last: number;
  list: NewsList;
}

/** The page asked for (the head names it); the list is streamed when the API is slow. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const requested = parseNewsPage(new URL(request.url).searchParams.get('page'));
  return { requested, ...(await optionalData(context, { result: loadNewsPage(requested, context) })) };
}

async function loadNewsPage(requested: number, context: LoaderFunctionArgs['context']): Promise<NewsListData> {
  const fetchPage = (page: number) => fetchNews(context, { page, pageSize: NEWS_PAGE_SIZE });
  let list = await fetchPage(requested);
  const last = lastNewsPage(list.total, list.pageSize);
  // A page past the end (an old link, a typed number) shows the last page rather than nothing.
  if (requested > last) list = await fetchPage(last);
  return { page: list.page, last, list };
}

export function Component() {
  const { requested, result } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // The page shown: past the end it is the last one. While the list streams, the one asked for.
  const page = isThenable(result) ? requested : result.page;
  const heading = t('pages.news.title');
  const title = page > 1 ? t('news.pageTitle', { title: heading, page }) : heading;
  return (
    <div className="container page page--news">
      <PageHead title={title} description={t('pages.news.intro')} canonicalQuery={{ page: page > 1 ? page : undefined }} />
      <header className="page-intro">
        <h1>{heading}</h1>
        <p className="page-intro__lead">{t('pages.news.intro')}</p>
      </header>
      <StreamedPart value={result} failure={t('news.loadError')}>
        {(data) => <NewsPage data={data} />}
      </StreamedPart>
    </div>
  );
}

function NewsPage({ data }: { data: NewsListData }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <>
      {data.last > 1 ? <p className="news-list__position">{t('news.pageOf', { page: data.page, last: data.last })}</p> : null}
      {data.list.items.length === 0 ? (
        <p className="news-list__empty">{t('news.empty')}</p>
      ) : (
        <>
          <ul className="news-list">
            {data.list.items.slice(0, FIRST_SCREEN_CARDS).map((item) => (
              <NewsCard key={item.slug} item={item} lang={lang} eager />
            ))}
            {/* The cards below the first screen, and the paging, are hydrated on their own (issue 35). */}
            <HydrationBoundary>
              {data.list.items.slice(FIRST_SCREEN_CARDS).map((item) => (
                <NewsCard key={item.slug} item={item} lang={lang} eager={false} />
              ))}
            </HydrationBoundary>
          </ul>
          <HydrationBoundary>
            <Pagination page={data.page} last={data.last} lang={lang} />
          </HydrationBoundary>
        </>
      )}
    </>
  );
}
