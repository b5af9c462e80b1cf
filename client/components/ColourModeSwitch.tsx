import { useTranslation } from 'react-i18next';
import { COLOUR_MODES, useColourMode } from '../platform/colour-mode';

export function ColourModeSwitch() {
  const { t } = useTranslation();
  const [mode, setMode] = useColourMode();
  return (
    <div className="colour-mode" role="group" aria-label={t('common.colourMode.label')}>
      {COLOUR_MODES.map((option) => (
        <button
          key={option}
          type="button"
          className="colour-mode__option"
          aria-pressed={mode === option}
          data-mode={option}
          onClick={() => setMode(option)}
        >
          <span aria-hidden="true" className={`colour-mode__icon colour-mode__icon--${option}`} />
          <span className="visually-hidden">{t(`common.colourMode.${option}`)}</span>
        </button>
      ))}
    </div>
  );
}
