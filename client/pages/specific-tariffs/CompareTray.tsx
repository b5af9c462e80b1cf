import { useTranslation } from 'react-i18next';

/**
 * Once two tariffs are ticked, a tray held at the bottom of the screen while the catalogue is in
 * view: "Compare (2)". Its button brings the comparison (above the catalogue) into view and moves
 * the focus to its heading, so a keyboard or screen reader visitor goes on from there.
 */
export function CompareTray({ selected, comparisonId, headingId }: { selected: number; comparisonId: string; headingId: string }) {
  const { t } = useTranslation();
  function showComparison() {
    document.getElementById(comparisonId)?.scrollIntoView({ block: 'start' });
    document.getElementById(headingId)?.focus({ preventScroll: true });
  }
  return (
    <div className="compare-tray">
      <button type="button" className="button button--primary" onClick={showComparison}>
        {t('tariffs.compare.tray', { selected })}
      </button>
    </div>
  );
}
