import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { ReadyTariff } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { updateDraft, type PurchaseDraft } from '../purchase/purchase-draft';
import { summarizeTariff, type TariffSummary } from '../purchase/tariff-summary';
import { TariffLine } from '../purchase/TariffLine';

/** Ready tariffs to pick from, plus the way to the tariff pages for more detail or a custom one. */
export function TariffChoiceFields({ tariffs, draft }: { tariffs: ReadyTariff[] | null; draft: PurchaseDraft }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const custom = draft.tariff?.type === 'constructor' ? summarizeTariff(draft.tariff, null) : null;
  return (
    <>
      <div className="choice-list" id="tariff-options" tabIndex={-1}>
        {custom ? (
          <label className="choice">
            <input type="radio" name="tariff" value="constructor" checked readOnly />
            <span className="choice__body">
              <TariffLine summary={custom} />
            </span>
          </label>
        ) : null}
        {tariffs === null ? <p className="notice notice--warning">{t('purchase.options.tariffsFailed')}</p> : null}
        {(tariffs ?? []).map((tariff) => (
          <label key={tariff.id} className="choice">
            <input
              type="radio"
              name="tariff"
              value={tariff.id}
              checked={draft.tariff?.type === 'ready' && draft.tariff.id === tariff.id}
              onChange={() => updateDraft({ tariff: { type: 'ready', id: tariff.id } })}
              aria-labelledby={`tariff-${tariff.id}-title`}
              aria-describedby={`tariff-${tariff.id}-text`}
            />
            <span className="choice__body">
              <span className="choice__title" id={`tariff-${tariff.id}-title`}>
                <span>{tariff.name}</span>
                <span className="choice__price">{t('purchase.tariff.perMonth', { price: formatUzs(tariff.monthlyPrice, lang) })}</span>
              </span>
              <span className="choice__text" id={`tariff-${tariff.id}-text`}>
                {t('purchase.tariff.allowance', {
                  internet: tariff.internetGb,
                  minutes: tariff.minutes === null ? t('purchase.tariff.unlimited') : tariff.minutes,
                  sms: tariff.sms,
                })}
                {' · '}
                {t('purchase.tariff.firstMonths', {
                  price: formatUzs(tariff.firstMonthsPrice, lang),
                  months: tariff.firstMonthsCount,
                  percent: tariff.discountPercent,
                })}
              </span>
            </span>
          </label>
        ))}
      </div>
      <p className="tariff-links">
        <Link to={href('specificTariffs', lang)}>{t('purchase.options.allTariffs')}</Link>
        <Link to={href('constructor', lang)}>{t('purchase.options.buildTariff')}</Link>
      </p>
    </>
  );
}

/** A tariff that came with the link from /specificTariffs or /constructor. */
TariffChoiceFields.Carried = function CarriedTariff({ summary, onChange }: { summary: TariffSummary | null; onChange: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="carried-tariff" id="tariff-options" tabIndex={-1}>
      {summary ? <TariffLine summary={summary} /> : <p className="notice notice--warning">{t('purchase.options.tariffUnknown')}</p>}
      <button type="button" className="button button--small" onClick={onChange}>
        {t('purchase.options.changeTariff')}
      </button>
    </div>
  );
};
