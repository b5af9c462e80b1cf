import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { useLanguage } from '../../components/use-language';
import type { ReadyTariff } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { href } from '../../../shared/paths';
import { tariffChoiceToQuery } from '../../../shared/tariff-choice';
import { PriceBlock } from './PriceBlock';
import { allowanceRows } from './tariff-rows';
import { useTariffText } from './use-tariff-text';
import './tariffs.css';

/** Where "Choose" leads: the number shop, carrying the tariff in the query. */
function readyTariffHref(tariff: ReadyTariff, lang: Language): string {
  return href('numbers', lang, {}, tariffChoiceToQuery({ type: 'ready', id: tariff.id }));
}

/** "Choose", named for the tariff to a screen reader: wherever a ready tariff is offered (its card, the comparison). */
export function ChooseTariffLink({ tariff }: { tariff: ReadyTariff }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Link
      className="button button--primary"
      to={readyTariffHref(tariff, lang)}
      aria-label={t('tariffs.chooseNamed', { name: tariff.name })}
    >
      {t('tariffs.choose')}
    </Link>
  );
}

/** One ready tariff: its allowances, its price and the way to pick it. */
export function TariffCard({ tariff, headingLevel = 2, children }: { tariff: ReadyTariff; headingLevel?: 2 | 3; children?: ReactNode }) {
  const { t } = useTranslation();
  const text = useTariffText();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = `tariff-${tariff.id}`;
  const rows = allowanceRows(tariff, t, text);
  const main = rows.slice(0, 3);
  const extras = rows.slice(3);
  return (
    <article className="tariff-card" aria-labelledby={titleId}>
      <Heading id={titleId} className="tariff-card__name">
        {tariff.name}
      </Heading>
      <p className="tariff-card__description">{tariff.description}</p>
      <dl className="allowances">
        {main.map((row) => (
          <div key={row.key} className="allowances__main">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <dl className="extras">
        {extras.map((row) => (
          <div key={row.key} className="extras__row">
            <dt>{row.label}</dt>
            <dd>
              {row.value}
              {row.note ? <span className="extras__note">{row.note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <PriceBlock {...tariff} />
      <div className="tariff-card__actions">
        <ChooseTariffLink tariff={tariff} />
        {children}
      </div>
    </article>
  );
}
