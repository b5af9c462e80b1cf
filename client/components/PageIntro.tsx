import { useTranslation } from 'react-i18next';
import type { PageKey } from '../../shared/paths';
import { PageHead } from './PageHead';

/**
 * Pages whose title and intro live in the texts under `pages.<key>`: every page but the home page
 * and a news item (their heads come from their data), the constructor's under `tariffConstructor`.
 */
export type IntroPageKey = Exclude<PageKey, 'home' | 'newsItem' | 'constructor'> | 'tariffConstructor';

/** The page's head tags plus its heading and intro paragraph. */
export function PageIntro({ page, canonicalQuery }: { page: IntroPageKey; canonicalQuery?: Record<string, string | number | undefined> }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  const intro = t(`pages.${page}.intro`);
  return (
    <>
      <PageHead title={title} description={intro} canonicalQuery={canonicalQuery} />
      <header className="page-intro">
        <h1>{title}</h1>
        <p className="page-intro__lead">{intro}</p>
      </header>
    </>
  );
}
