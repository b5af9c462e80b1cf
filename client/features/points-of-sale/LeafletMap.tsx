import { startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { divIcon, latLngBounds, type LatLngExpression } from 'leaflet';
import { AttributionControl, MapContainer, Marker, Popup, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import type { PointOfSale } from '../../../shared/api-types';
import { useRuntime } from '../../framework/runtime';
import { PointDetails } from './PointDetails';

export interface LeafletMapProps {
  points: PointOfSale[];
  /** The visitor's position when the list is sorted by distance. */
  origin: { lat: number; lon: number } | null;
}

/** Uzbekistan, for an empty list. */
const COUNTRY_CENTRE: LatLngExpression = [41.3, 64.6];

// Markers drawn by CSS: no image from a CDN, nothing to fail when the network does.
const pointIcon = divIcon({
  className: 'pos-marker',
  html: '<span class="pos-marker__pin"></span>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
  popupAnchor: [0, -26],
});
const originIcon = divIcon({
  className: 'pos-marker pos-marker--origin',
  html: '<span class="pos-marker__dot"></span>',
  iconSize: [20, 20],
  iconAnchor: [10, 10],
});

/** Shows every marker whenever the set of points (a new filter) or the origin changes. */
function FitToPoints({ points, origin }: LeafletMapProps) {
  const map = useMap();
  const key = `${points.map((p) => p.id).join(',')}|${origin ? `${origin.lat},${origin.lon}` : ''}`;
  useEffect(() => {
    const spots: Array<[number, number]> = points.map((p) => [p.lat, p.lon]);
    if (origin) spots.unshift([origin.lat, origin.lon]);
    // Around the visitor, the nearest few offices matter, not the whole country.
    const shown = origin ? spots.slice(0, 4) : spots;
    if (shown.length === 0) map.setView(COUNTRY_CENTRE, 5);
    else if (shown.length === 1) map.setView(shown[0], 15);
    else map.fitBounds(latLngBounds(shown), { padding: [32, 32], maxZoom: 15 });
    // `key` stands for points and origin: new arrays with the same offices must not move the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [map, key]);
  return null;
}

/** Leaflet's own texts are English: the popup's close button is named in the page's language. */
function LocalizedPopupClose() {
  const { t } = useTranslation();
  const map = useMap();
  useEffect(() => {
    const name = (event: { popup: { getElement(): HTMLElement | undefined } }) => {
      event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', t('mapControls.closePopup'));
    };
    map.on('popupopen', name);
    return () => {
      map.off('popupopen', name);
    };
  }, [map, t]);
  return null;
}

/**
 * How many markers are drawn so far: a few more in each task. Every office's marker and popup in
 * one commit held a slow phone's main thread for about 300 ms (issue 35).
 */
const MARKERS_PER_TASK = 8;
function useMarkersSoFar(total: number): number {
  const [count, setCount] = useState(MARKERS_PER_TASK);
  useEffect(() => {
    if (count >= total) return undefined;
    const timer = setTimeout(() => startTransition(() => setCount((drawn) => drawn + MARKERS_PER_TASK)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}

export function LeafletMap({ points, origin }: LeafletMapProps) {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const markers = useMemo(() => points.map((p) => ({ point: p, position: [p.lat, p.lon] as LatLngExpression })), [points]);
  const drawn = useMarkersSoFar(markers.length);
  return (
    // Leaflet's controls carry English titles: they are added here with the page's language.
    <MapContainer
      className="pos-map__canvas"
      center={COUNTRY_CENTRE}
      zoom={5}
      scrollWheelZoom={false}
      zoomControl={false}
      attributionControl={false}
    >
      <ZoomControl zoomInTitle={t('mapControls.zoomIn')} zoomOutTitle={t('mapControls.zoomOut')} />
      <AttributionControl
        prefix={`<a href="https://leafletjs.com" title="${escapeAttribute(t('mapControls.leafletTitle'))}">Leaflet</a>`}
      />
      <LocalizedPopupClose />
      <TileLayer url={config.mapTileUrl} attribution={config.mapAttribution ?? t('mapControls.osmAttribution')} />
      <FitToPoints points={points} origin={origin} />
      {markers.slice(0, drawn).map(({ point, position }) => (
        <Marker key={point.id} position={position} icon={pointIcon} title={point.name} alt={point.name}>
          <Popup>
            <h3 className="pos-popup__title">{point.name}</h3>
            <PointDetails point={point} />
          </Popup>
        </Marker>
      ))}
      {origin ? (
        <Marker
          position={[origin.lat, origin.lon]}
          icon={originIcon}
          title={t('pointsOfSale.map.you')}
          alt={t('pointsOfSale.map.you')}
          keyboard={false}
          interactive={false}
        />
      ) : null}
    </MapContainer>
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);
}
