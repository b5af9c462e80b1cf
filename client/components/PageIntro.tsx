import { useTranslation } from 'react-i18next';
import { PageHead } from './PageHead';

/** Pages whose title and intro live in the texts under `pages.<key>`. */
export type IntroPageKey =
  | 'news'
  | 'about'
  | 'oqDay'
  | 'numbers'
  | 'payment'
  | 'success'
  | 'tariffConstructor'
  | 'pointsOfSale'
  | 'identification'
  | 'identificationRetry'
  | 'specificTariffs';

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
