import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { searchNumbers } from '../../api/numbers';
import { fetchTariffs } from '../../api/tariffs';
import { PageHead } from '../../components/PageHead';
import { useLanguage } from '../../components/use-language';
import { Deferred, optionalData } from '../../framework/deferred';
import { LoadError } from '../../components/LoadError';
import { NumberOffers } from './NumberOffers';
import { NUMBERS_OF_THE_DAY, OQ_DAY_GIFTS, OQ_DAY_STEPS } from './offers';
import { TariffOffers } from './TariffOffers';
import './oq-day.css';

/** The offers from the API, streamed after the page's text when the API is slow (client/framework/deferred.tsx). */
export function loader({ context }: LoaderFunctionArgs) {
  return optionalData(context, {
    tariffs: fetchTariffs(context),
    // Gold numbers (`___-xx-xx`): the "beautiful numbers" Oq Day draws and discounts.
    numbers: searchNumbers(context, { category: 'gold', pageSize: NUMBERS_OF_THE_DAY }).then((list) => list.items),
  });
}

function Placeholder({ label }: { label: string }) {
  return (
    <div className="oq-day__placeholder" aria-busy="true">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="oq-day">
      <PageHead title={t('pages.oqDay.title')} description={t('pages.oqDay.intro')} />
      <header className="oq-day__hero">
        <p className="oq-day__when">{t('oqDay.when')}</p>
        <h1>{t('pages.oqDay.title')}</h1>
        <p className="oq-day__intro">{t('pages.oqDay.intro')}</p>
      </header>

      <section className="oq-day__section" aria-labelledby="oq-day-gifts">
        <h2 id="oq-day-gifts">{t('oqDay.gifts.title')}</h2>
        <ul className="oq-day__gifts">
          {OQ_DAY_GIFTS.map((gift) => (
            <li key={gift} className={`oq-day-gift oq-day-gift--${gift}`}>
              <h3>{t(`oqDay.gifts.${gift}.title`)}</h3>
              <p>{t(`oqDay.gifts.${gift}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="oq-day__section" aria-labelledby="oq-day-tariffs">
        <h2 id="oq-day-tariffs">{t('oqDay.tariffs.title')}</h2>
        <Deferred
          value={data.tariffs}
          fallback={<Placeholder label={t('oqDay.loading')} />}
          error={<LoadError message={t('oqDay.loadError')} />}
        >
          {(tariffs) => <TariffOffers tariffs={tariffs} lang={lang} />}
        </Deferred>
      </section>

      <section className="oq-day__section" aria-labelledby="oq-day-numbers">
        <h2 id="oq-day-numbers">{t('oqDay.numbers.title')}</h2>
        <p className="oq-day__section-lead">{t('oqDay.numbers.lead')}</p>
        <Deferred
          value={data.numbers}
          fallback={<Placeholder label={t('oqDay.loading')} />}
          error={<LoadError message={t('oqDay.loadError')} />}
        >
          {(numbers) => <NumberOffers numbers={numbers} lang={lang} />}
        </Deferred>
      </section>

      <section className="oq-day__section" aria-labelledby="oq-day-steps">
        <h2 id="oq-day-steps">{t('oqDay.steps.title')}</h2>
        <ol className="oq-day__steps">
          {OQ_DAY_STEPS.map((step) => (
            <li key={step}>{t(`oqDay.steps.${step}`)}</li>
          ))}
        </ol>
        <p className="oq-day__terms">{t('oqDay.terms')}</p>
      </section>
    </div>
  );
}
