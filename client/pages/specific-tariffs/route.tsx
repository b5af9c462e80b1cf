import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ReadyTariff, TariffList } from '../../../shared/api-types';
import { apiClient } from '../../api-client';
import { PageIntro } from '../../components/PageIntro';
import { LoadError } from '../../features/tariffs/LoadError';
import { revalidateOnNewPath } from '../../features/tariffs/revalidate';
import { TariffCatalogue } from './TariffCatalogue';

interface SpecificTariffsData {
  /** null: the API did not answer; the page says so and offers a retry. */
  tariffs: ReadyTariff[] | null;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<SpecificTariffsData> {
  try {
    const { data } = await apiClient(context).get<TariffList>('/tariffs');
    return { tariffs: data.items };
  } catch {
    return { tariffs: null };
  }
}

// Ticking "compare" only changes the query: the tariffs on screen are still the ones to show.
export const shouldRevalidate = revalidateOnNewPath;

export function Component() {
  const { t } = useTranslation();
  const { tariffs } = useLoaderData() as SpecificTariffsData;
  return (
    <div className="container page page--specific-tariffs">
      <PageIntro page="specificTariffs" />
      {tariffs ? <TariffCatalogue tariffs={tariffs} /> : <LoadError message={t('tariffs.loadError')} />}
    </div>
  );
}
