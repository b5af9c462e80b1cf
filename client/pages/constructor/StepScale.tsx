import type { PricedStep } from '../../../shared/api-types';
import { useLanguage } from '../../components/use-language';
import { formatNumber } from '../../format';

interface StepScaleProps {
  name: string;
  legend: string;
  steps: PricedStep[];
  value: number;
  /** The step as read aloud and shown as the current value: `30 GB`. */
  format(value: number): string;
  onChange(value: number): void;
}

/**
 * A stepped slider made of native radio buttons: each allowed step is one labelled radio, so it
 * works in a plain GET form without JavaScript, arrow keys move along it, and every stop is a
 * finger-sized target. The track and its fill are drawn by CSS from the checked radio.
 */
export function StepScale({ name, legend, steps, value, format, onChange }: StepScaleProps) {
  const lang = useLanguage();
  return (
    <fieldset className="step-scale">
      <legend className="step-scale__legend">{legend}</legend>
      <p className="step-scale__current" aria-hidden="true">
        {format(value)}
      </p>
      <div className="step-scale__track">
        {steps.map((step) => (
          <label key={step.value} className="step-scale__step">
            <input
              className="step-scale__input"
              type="radio"
              name={name}
              value={step.value}
              checked={step.value === value}
              onChange={() => onChange(step.value)}
            />
            <span className="step-scale__dot" aria-hidden="true" />
            <span className="step-scale__tick" aria-hidden="true">
              {formatNumber(step.value, lang)}
            </span>
            <span className="visually-hidden">{format(step.value)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
