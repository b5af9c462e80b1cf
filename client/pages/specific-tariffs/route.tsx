import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ReadyTariff, TariffList } from '../../../shared/api-types';
import { apiClient } from '../../api-client';
import { PageIntro } from '../../components/PageIntro';
import { StreamedPart } from '../../components/StreamedPart';
import { awaitBriefly } from '../../deferred';
import { LoadError } from '../../components/LoadError';
import { revalidateOnNewPath } from '../../features/tariffs/revalidate';
import { TariffCatalogue } from './TariffCatalogue';

interface SpecificTariffsData {
  /** null: the API did not answer; the page says so and offers a retry. Streamed when the API is slow. */
  tariffs: ReadyTariff[] | null | Promise<ReadyTariff[] | null>;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<SpecificTariffsData> {
  const tariffs = apiClient(context)
    .get<TariffList>('/tariffs')
    .then(({ data }) => data.items)
    .catch(() => null);
  return { tariffs: (await awaitBriefly(context, tariffs)).value };
}

// Ticking "compare" only changes the query: the tariffs on screen are still the ones to show.
export const shouldRevalidate = revalidateOnNewPath;

export function Component() {
  const { t } = useTranslation();
  const { tariffs } = useLoaderData() as SpecificTariffsData;
  return (
    <div className="container page page--specific-tariffs">
      <PageIntro page="specificTariffs" />
      <StreamedPart value={tariffs} failure={t('tariffs.loadError')}>
        {(list) => (list ? <TariffCatalogue tariffs={list} /> : <LoadError message={t('tariffs.loadError')} role="status" />)}
      </StreamedPart>
    </div>
  );
}
