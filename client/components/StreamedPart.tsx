import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Deferred } from '../framework/deferred';
import { LoadError } from './LoadError';

/**
 * A part of a page whose loader returned it through `deferred()` (client/framework/deferred.tsx): rendered at
 * once when the API answered in time, else streamed after a loading line; `failure` if it could not load.
 */
export function StreamedPart<T>({
  value,
  failure,
  children,
}: {
  value: T | Promise<T>;
  failure: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Deferred
      value={value}
      fallback={
        <p className="loading" role="status" aria-busy="true">
          {t('common.loading')}
        </p>
      }
      error={<LoadError message={failure} role="status" />}
    >
      {children}
    </Deferred>
  );
}
