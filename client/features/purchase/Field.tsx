import type { ReactNode } from 'react';

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  /** The form's check of the field when the visitor leaves it (useFieldErrors' `leave`). */
  onBlur?: () => void;
}

export function describedBy(...ids: Array<string | null | undefined | false>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

/**
 * A labelled control with its hint and its error next to it. The error box is always in the DOM
 * as a polite live region, so a message that appears in it is announced; the control points at
 * it with aria-describedby and says aria-invalid while it holds a message.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
  onLeave,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: (control: ControlProps) => ReactNode;
  className?: string;
  onLeave?: () => void;
}) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = `${id}-error`;
  const control: ControlProps = {
    id,
    'aria-describedby': describedBy(hintId, error && errorId),
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(onLeave ? { onBlur: onLeave } : {}),
  };
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId ?? undefined}>
          {hint}
        </p>
      ) : null}
      {children(control)}
      <p className="field-error" id={errorId} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

/**
 * The message of a whole form (spec section 5 texts such as "Fill out the form in full and
 * confirm the contract."): an assertive live region that stays in the DOM, filled when needed.
 */
export function FormMessage({ id, message, children }: { id: string; message: string | null; children?: ReactNode }) {
  return (
    <div className={message ? 'form-message form-message--error' : 'form-message'} id={id} role="alert">
      {message ? <p>{message}</p> : null}
      {message ? children : null}
    </div>
  );
}
