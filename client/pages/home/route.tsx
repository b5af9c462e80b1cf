import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { href } from '../../../shared/paths';
import { apiClient } from '../../api-client';
import { JsonLd } from '../../components/JsonLd';
import { PageHead } from '../../components/PageHead';
import { useLanguage } from '../../components/use-language';
import { useRuntime } from '../../runtime';
import { StreamedPart } from '../../components/StreamedPart';
import { awaitBriefly, isThenable } from '../../deferred';
import { loadHomeData, type HomeData } from './home-data';
import { HomeHero } from './HomeHero';
import { siteStructuredData } from './site-structured-data';
import { LatestNews } from './HomeNews';
import { NumbersOnOffer } from './HomeNumbers';
import { PointsOfSaleTeaser, SimTypes } from './HomeSimAndPoints';
import { ConstructorTeaser, FeaturedTariffs } from './HomeTariffs';

interface HomeLoaderData {
  /** Every section's data; streamed after the welcome when the API is slow. */
  sections: HomeData | Promise<HomeData>;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<HomeLoaderData> {
  return { sections: (await awaitBriefly(context, loadHomeData(apiClient(context)))).value };
}

export function Component() {
  const { t } = useTranslation();
  const { sections } = useLoaderData() as HomeLoaderData;
  const lang = useLanguage();
  const { config } = useRuntime();
  const description = t('pages.home.welcomeDescription');
  const structured = siteStructuredData({ siteUrl: config.siteUrl, homeUrl: `${config.siteUrl}${href('home', lang)}`, lang, brand: t('common.brand'), description });
  // The same on both sides: a streamed part is a promise during hydration too.
  const ready = isThenable(sections) ? null : sections;
  return (
    <div className="container page page--home">
      <PageHead title={t('pages.home.title')} description={description} />
      <JsonLd data={structured} />
      <HomeHero number={ready?.numbers?.[0] ?? null} />
      <StreamedPart value={sections} failure={t('errors.server.message')}>
        {(data) => (
          <>
            <FeaturedTariffs tariffs={data.tariffs} />
            <ConstructorTeaser options={data.constructorOptions} />
            <NumbersOnOffer categories={data.categories} numbers={data.numbers} />
            <SimTypes simTypes={data.simTypes} />
            <LatestNews news={data.news} />
            <PointsOfSaleTeaser points={data.pointsOfSale} />
          </>
        )}
      </StreamedPart>
    </div>
  );
}
