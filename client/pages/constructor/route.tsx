import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { fetchConstructorOptions } from '../../api/tariffs';
import { PageIntro } from '../../components/PageIntro';
import { StreamedPart } from '../../components/StreamedPart';
import { optionalData } from '../../framework/deferred';
import { revalidateOnNewPath } from '../../features/tariffs/revalidate';
import { ConstructorForm } from './ConstructorForm';
import './constructor.css';

/** The steps and prices (streamed when the API is slow); the configuration itself is read from the URL by the form. */
export function loader({ context }: LoaderFunctionArgs) {
  return optionalData(context, { options: fetchConstructorOptions(context) });
}

// A new configuration in the query is priced in the page: the steps need not be fetched again.
export const shouldRevalidate = revalidateOnNewPath;

export function Component() {
  const { t } = useTranslation();
  const { options } = useLoaderData<typeof loader>();
  return (
    <div className="container page page--constructor">
      <PageIntro page="tariffConstructor" />
      <StreamedPart value={options} failure={t('tariffConstructor.loadError')}>
        {(loaded) => <ConstructorForm options={loaded} />}
      </StreamedPart>
    </div>
  );
}
