import { useTranslation } from 'react-i18next';
// The purchase screens' shared styles: every one of them shows the steps.
import './purchase-steps.css';
import './purchase-forms.css';
import './purchase-parts.css';

export type PurchaseStep = 'number' | 'identification' | 'payment' | 'activation';
const STEPS: PurchaseStep[] = ['number', 'identification', 'payment', 'activation'];

/**
 * Where the visitor is in the purchase: four steps, the current one marked for screen readers too.
 * The name is on a group around the list: a list takes none of its own (html-validate's
 * `aria-label-misuse`), and the steps are no navigation (they are not links).
 */
export function PurchaseSteps({ current }: { current: PurchaseStep }) {
  const { t } = useTranslation();
  const index = STEPS.indexOf(current);
  return (
    <div role="group" aria-label={t('purchase.steps.label')}>
      <ol className="purchase-steps">
        {STEPS.map((step, i) => (
          <li
            key={step}
            className={`purchase-steps__item${i < index ? ' purchase-steps__item--done' : ''}${i === index ? ' purchase-steps__item--current' : ''}`}
            aria-current={i === index ? 'step' : undefined}
          >
            <span className="purchase-steps__index" aria-hidden="true">
              {i + 1}
            </span>
            <span>{t(`purchase.steps.${step}`)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
