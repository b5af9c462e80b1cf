import type { TariffQuote } from '../../../shared/api-types';
import { PriceBlock } from './PriceBlock';

/**
 * The constructor's price region: it re-renders as a control changes and screen readers hear
 * the new price (polite, whole region), without moving focus.
 */
export function ConstructorPrice({ quote }: { quote: TariffQuote }) {
  return (
    <div className="constructor-price" aria-live="polite" aria-atomic="true" data-testid="constructor-price">
      <PriceBlock {...quote} large />
    </div>
  );
}
