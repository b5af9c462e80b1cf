import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeafletMapProps } from './LeafletMap';

/**
 * The map beside the list. Leaflet touches `window` as soon as it is imported, so it is loaded
 * only in the browser, after hydration, in its own chunk; until then (and without JavaScript)
 * the box keeps its size and the list beside it carries everything.
 */
export function PointsMap(props: LeafletMapProps) {
  const { t } = useTranslation();
  const [LeafletMap, setLeafletMap] = useState<ComponentType<LeafletMapProps> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    import('./LeafletMap').then(
      (module) => {
        if (live) setLeafletMap(() => module.LeafletMap);
      },
      (error: unknown) => {
        console.warn('points of sale: the map could not load', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="pos-map" aria-label={t('pointsOfSale.map.label')}>
      {LeafletMap ? (
        <LeafletMap {...props} />
      ) : (
        <p className="pos-map__placeholder">{failed ? t('pointsOfSale.map.failed') : t('pointsOfSale.map.loading')}</p>
      )}
    </section>
  );
}
