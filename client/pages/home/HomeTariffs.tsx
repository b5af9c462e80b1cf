import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { ConstructorOptions, PricedStep, ReadyTariff } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { quoteSelection } from '../../features/tariffs/constructor-selection';
import { PriceBlock } from '../../features/tariffs/PriceBlock';
import { TariffCard } from '../../features/tariffs/TariffCard';
import { selectionSummary } from '../../features/tariffs/tariff-rows';
import { useTariffText } from '../../features/tariffs/use-tariff-text';
import { StreamedPart } from '../../components/StreamedPart';
import type { Optional } from '../../framework/deferred';
import { HomeSection } from './HomeSection';

export function FeaturedTariffs({ tariffs }: { tariffs: Optional<ReadyTariff[]> }) {
  const { t } = useTranslation();
  const { lang } = useTariffText();
  return (
    <HomeSection
      id="home-tariffs"
      title={t('home.tariffs.title')}
      lead={t('home.tariffs.lead')}
      more={{ to: href('specificTariffs', lang), label: t('home.tariffs.all') }}
    >
      <StreamedPart value={tariffs} failure={t('tariffs.loadError')}>
        {(list) => (
          <ul className="tariff-grid" role="list">
            {list.map((tariff) => (
              <li key={tariff.id}>
                <TariffCard tariff={tariff} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
      </StreamedPart>
    </HomeSection>
  );
}

const top = (steps: PricedStep[]) => steps[steps.length - 1]?.value ?? 0;

/** The constructor in brief: how far each allowance goes, and what the suggested mix costs. */
export function ConstructorTeaser({ options }: { options: Optional<ConstructorOptions> }) {
  const { t } = useTranslation();
  return (
    <HomeSection
      id="home-constructor"
      className="home-constructor"
      title={t('home.tariffBuilder.title')}
      lead={t('home.tariffBuilder.lead')}
    >
      <StreamedPart value={options} failure={t('tariffConstructor.loadError')}>
        {(loaded) => <ConstructorExample options={loaded} />}
      </StreamedPart>
    </HomeSection>
  );
}

function ConstructorExample({ options }: { options: ConstructorOptions }) {
  const { t } = useTranslation();
  const text = useTariffText();
  const example = quoteSelection(options, options.defaults);
  return (
    <div className="constructor-teaser">
      <ul className="constructor-teaser__ranges">
        <li>
          <span>{t('tariffConstructor.steps.internetGb')}</span>{' '}
          <strong>{t('home.tariffBuilder.upTo', { value: text.gb(top(options.internetGb)) })}</strong>
        </li>
        <li>
          <span>{t('tariffConstructor.steps.minutes')}</span>{' '}
          <strong>{t('home.tariffBuilder.upTo', { value: text.minutes(top(options.minutes)) })}</strong>
        </li>
        <li>
          <span>{t('tariffConstructor.steps.sms')}</span>{' '}
          <strong>{t('home.tariffBuilder.upTo', { value: text.sms(top(options.sms)) })}</strong>
        </li>
      </ul>
      <div className="constructor-teaser__example">
        <p className="constructor-teaser__config">
          {t('home.tariffBuilder.example', { config: selectionSummary(example.selection, options, t, text) })}
        </p>
        <PriceBlock {...example} />
        <Link className="button button--primary" to={href('constructor', text.lang)}>
          {t('home.tariffBuilder.cta')}
        </Link>
      </div>
    </div>
  );
}
