import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiClient } from '../../api-client';
import { PageHead } from '../../components/PageHead';
import { loadHomeData, type HomeData } from './home-data';
import { HomeHero } from './HomeHero';
import { LatestNews } from './HomeNews';
import { NumbersOnOffer } from './HomeNumbers';
import { PointsOfSaleTeaser, SimTypes } from './HomeSimAndPoints';
import { ConstructorTeaser, FeaturedTariffs } from './HomeTariffs';

export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  return loadHomeData(apiClient(context));
}

export function Component() {
  const { t } = useTranslation();
  const data = useLoaderData() as HomeData;
  return (
    <div className="container page page--home">
      <PageHead title={t('pages.home.title')} description={t('pages.home.welcomeDescription')} />
      <HomeHero number={data.numbers?.[0] ?? null} />
      <FeaturedTariffs tariffs={data.tariffs} />
      <ConstructorTeaser options={data.constructorOptions} />
      <NumbersOnOffer categories={data.categories} numbers={data.numbers} />
      <SimTypes simTypes={data.simTypes} />
      <LatestNews news={data.news} />
      <PointsOfSaleTeaser points={data.pointsOfSale} />
    </div>
  );
}
