import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { href } from '../../../shared/paths';
import { JsonLd } from '../../components/JsonLd';
import { PageHead } from '../../components/PageHead';
import { useLanguage } from '../../components/use-language';
import { useRuntime } from '../../framework/runtime';
import { isThenable, optionalData } from '../../framework/deferred';
import { HomeHero } from './HomeHero';
import { siteStructuredData } from './site-structured-data';
import { LatestNews } from './HomeNews';
import { NumbersOnOffer } from './HomeNumbers';
import { PointsOfSaleTeaser, SimTypes } from './HomeSimAndPoints';
import { ConstructorTeaser, FeaturedTariffs } from './HomeTariffs';
import { HydrationBoundary } from '../../components/HydrationBoundary';
import './home.css';
import './home-offer.css';

/**
 * Every section's data; a section is streamed after the welcome when its API call is slow. The
 * reads (home-data.ts, and the API reader under it) are imported here, not at the top: hydration
 * takes the server's data, so the browser runs this only on a later navigation to the page, and
 * the first load of / is 2.6 kB gzip lighter without them (issue 52).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { homeParts } = await import('./home-data');
  return optionalData(context, homeParts(context));
}

export function Component() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const lang = useLanguage();
  const { config } = useRuntime();
  const description = t('pages.home.welcomeDescription');
  const structured = siteStructuredData({
    siteUrl: config.siteUrl,
    homeUrl: `${config.siteUrl}${href('home', lang)}`,
    lang,
    brand: t('common.brand'),
    description,
  });
  // The same on both sides: a streamed part is a promise during hydration too.
  const numbers = isThenable(data.numbers) ? null : data.numbers;
  return (
    <div className="container page page--home">
      <PageHead title={t('pages.home.title')} description={description} />
      <JsonLd data={structured} />
      <HomeHero number={numbers?.[0] ?? null} />
      {/* Below the welcome, each section is hydrated on its own (issue 35). */}
      <HydrationBoundary>
        <FeaturedTariffs tariffs={data.tariffs} />
      </HydrationBoundary>
      <HydrationBoundary>
        <ConstructorTeaser options={data.constructorOptions} />
      </HydrationBoundary>
      <HydrationBoundary>
        <NumbersOnOffer categories={data.categories} numbers={data.numbers} />
      </HydrationBoundary>
      <HydrationBoundary>
        <SimTypes simTypes={data.simTypes} />
      </HydrationBoundary>
      <HydrationBoundary>
        <LatestNews news={data.news} />
      </HydrationBoundary>
      <HydrationBoundary>
        <PointsOfSaleTeaser points={data.pointsOfSale} />
      </HydrationBoundary>
    </div>
  );
}
