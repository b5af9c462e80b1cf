import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ConstructorOptions } from '../../../shared/api-types';
import { apiClient } from '../../api-client';
import { PageIntro } from '../../components/PageIntro';
import { StreamedPart } from '../../components/StreamedPart';
import { awaitBriefly } from '../../deferred';
import { LoadError } from '../../components/LoadError';
import { revalidateOnNewPath } from '../../features/tariffs/revalidate';
import { ConstructorForm } from './ConstructorForm';

interface ConstructorData {
  /** null: the API did not answer; the page says so and offers a retry. Streamed when the API is slow. */
  options: ConstructorOptions | null | Promise<ConstructorOptions | null>;
}

/** The steps and prices; the configuration itself is read from the URL by the form. */
export async function loader({ context }: LoaderFunctionArgs): Promise<ConstructorData> {
  const options = apiClient(context)
    .get<ConstructorOptions>('/tariff-constructor')
    .then(({ data }) => data)
    .catch(() => null);
  return { options: (await awaitBriefly(context, options)).value };
}

// A new configuration in the query is priced in the page: the steps need not be fetched again.
export const shouldRevalidate = revalidateOnNewPath;

export function Component() {
  const { t } = useTranslation();
  const { options } = useLoaderData() as ConstructorData;
  return (
    <div className="container page page--constructor">
      <PageIntro page="tariffConstructor" />
      <StreamedPart value={options} failure={t('tariffConstructor.loadError')}>
        {(loaded) => (loaded ? <ConstructorForm options={loaded} /> : <LoadError message={t('tariffConstructor.loadError')} role="status" />)}
      </StreamedPart>
    </div>
  );
}
