import { useTranslation } from 'react-i18next';
import { notFoundLoader } from '../../not-found';
import { PageHead } from '../../components/PageHead';

// No news item exists until the news issue connects the API: every slug is unknown (404).
export const loader = notFoundLoader;

export function Component() {
  const { t } = useTranslation();
  return <PageHead title={t('pages.newsItem.title')} />;
}
