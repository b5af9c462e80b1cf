import { useTranslation } from 'react-i18next';
import type { ShownLot } from '../../api/auctions';
import { Deferred, type Optional } from '../../framework/deferred';

/**
 * The way to the page's auction section (AuctionSection, after the results), near the top: a
 * plain link to its heading, with the number of active lots once they are there.
 */
export function AuctionsLink({ lots }: { lots: Optional<ShownLot[]> }) {
  const { t } = useTranslation();
  const plain = <>{t('numbers.auctions.link')}</>;
  return (
    <a className="button auctions-link" href="#auction-section-title">
      <Deferred value={lots} fallback={plain} error={plain}>
        {(items) => t('numbers.auctions.linkCount', { count: items.length })}
      </Deferred>
    </a>
  );
}
