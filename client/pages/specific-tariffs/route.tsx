import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { fetchTariffs } from '../../api/tariffs';
import { PageIntro } from '../../components/PageIntro';
import { StreamedPart } from '../../components/StreamedPart';
import { optionalData } from '../../framework/deferred';
import { revalidateOnNewPath } from '../../features/tariffs/revalidate';
import { TariffCatalogue } from './TariffCatalogue';
import './tariff-comparison.css';

/** The ready tariffs, streamed when the API is slow. */
export function loader({ context }: LoaderFunctionArgs) {
  return optionalData(context, { tariffs: fetchTariffs(context) });
}

// Ticking "compare" only changes the query: the tariffs on screen are still the ones to show.
export const shouldRevalidate = revalidateOnNewPath;

export function Component() {
  const { t } = useTranslation();
  const { tariffs } = useLoaderData<typeof loader>();
  return (
    <div className="container page page--specific-tariffs">
      <PageIntro page="specificTariffs" />
      <StreamedPart value={tariffs} failure={t('tariffs.loadError')}>
        {(list) => <TariffCatalogue tariffs={list} />}
      </StreamedPart>
    </div>
  );
}
