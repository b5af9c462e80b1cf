import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '../../../shared/paths';
import { useHydrated } from '../../components/use-hydrated';
import { useLanguage } from '../../components/use-language';
import { coordinateParam, type PointFilters } from './point-query';
import './points-of-sale.css';

type LocateState = 'idle' | 'locating' | 'denied' | 'unavailable';

/** Position errors of the Geolocation API (PERMISSION_DENIED is 1). */
const PERMISSION_DENIED = 1;

/**
 * "Nearest to me": asks the browser where the visitor is, then reloads the list with the position
 * in the query, so the server sorts by distance and the address can be shared or reloaded.
 */
export function NearestButton({ filters }: { filters: PointFilters }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [state, setState] = useState<LocateState>('idle');
  // Geolocation exists only in the browser: the button works once the page has hydrated.
  const ready = useHydrated();

  const locate = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState('unavailable');
      return;
    }
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState('idle');
        // A city filter would hide the nearest office in another city: only the service stays.
        const query = {
          service: filters.service,
          lat: coordinateParam(position.coords.latitude),
          lon: coordinateParam(position.coords.longitude),
        };
        void navigate(href('pointsOfSale', lang, {}, query));
      },
      (error) => setState(error.code === PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  };

  const message =
    state === 'denied' ? t('pointsOfSale.nearest.denied') : state === 'unavailable' ? t('pointsOfSale.nearest.unavailable') : '';
  return (
    <div className="pos-nearest">
      <button
        type="button"
        className="button button--primary pos-nearest__button"
        onClick={locate}
        disabled={!ready || state === 'locating'}
      >
        {state === 'locating' ? t('pointsOfSale.nearest.locating') : t('pointsOfSale.nearest.button')}
      </button>
      <p className={`pos-nearest__message${message ? ' pos-nearest__message--shown' : ''}`} role="status">
        {message}
      </p>
    </div>
  );
}
