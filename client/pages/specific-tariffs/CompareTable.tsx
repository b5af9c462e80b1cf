import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { ReadyTariff } from '../../../shared/api-types';
import { ChooseTariffLink } from '../../features/tariffs/TariffCard';
import { comparisonRows } from '../../features/tariffs/tariff-rows';
import { useTariffText } from '../../features/tariffs/use-tariff-text';

/** Two or three tariffs side by side: one column each, one row per field. */
export function CompareTable({ tariffs, removeHref }: { tariffs: ReadyTariff[]; removeHref(id: string): string }) {
  const { t } = useTranslation();
  const text = useTariffText();
  const columns = tariffs.map((tariff) => comparisonRows(tariff, t, text));
  return (
    <div className="comparison__scroll">
      <table className={`comparison__table comparison__table--${tariffs.length}`} aria-labelledby="comparison-title">
        <thead>
          <tr>
            <td className="comparison__corner" />
            {tariffs.map((tariff) => (
              <th key={tariff.id} scope="col">
                {tariff.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {columns[0].map((row, index) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {columns.map((rows, column) => (
                <td key={tariffs[column].id}>
                  {rows[index].value}
                  {rows[index].note ? <span className="comparison__note">{rows[index].note}</span> : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td className="comparison__corner" />
            {tariffs.map((tariff) => (
              <td key={tariff.id}>
                <div className="comparison__actions">
                  <ChooseTariffLink tariff={tariff} />
                  <Link className="comparison__remove" to={removeHref(tariff.id)} replace preventScrollReset>
                    {t('tariffs.compare.remove')}
                    <span className="visually-hidden"> {tariff.name}</span>
                  </Link>
                </div>
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
