import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { nextTask, whenIdle } from '../../framework/tasks';
import type { LeafletMapProps } from './LeafletMap';
import './points-of-sale.css';

/**
 * The map beside the list. Leaflet touches `window` as soon as it is imported, so it is loaded
 * only in the browser, in its own chunk, once the browser is idle after hydration: its start and
 * first drawing were the page's longest tasks, and they no longer hold up the page's own start
 * (issue 35). Until then (and without JavaScript) the box keeps its size and the list beside it
 * carries everything.
 */
export function PointsMap(props: LeafletMapProps) {
  const { t } = useTranslation();
  const [LeafletMap, setLeafletMap] = useState<ComponentType<LeafletMapProps> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      // Leaflet's own evaluation in one task, the map's module (react-leaflet, the markers) in the next.
      import('leaflet')
        .then(nextTask)
        .then(() => import('./LeafletMap'))
        .then(
          (module) => {
            if (live) setLeafletMap(() => module.LeafletMap);
          },
          (error: unknown) => {
            console.warn('points of sale: the map could not load', error);
            if (live) setFailed(true);
          },
        );
    }, 2_000);
    return () => {
      live = false;
      cancel();
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
