import type { PointOfSale } from '../../../shared/api-types';

/** The points of sale as the options of a <select>, grouped by city, each named by its address and landmark. */
export function PointOptions({ points }: { points: PointOfSale[] }) {
  const byCity = new Map<string, PointOfSale[]>();
  for (const point of points) byCity.set(point.cityName, [...(byCity.get(point.cityName) ?? []), point]);
  return (
    <>
      {[...byCity].map(([city, list]) => (
        <optgroup key={city} label={city}>
          {list.map((point) => (
            <option key={point.id} value={point.id}>
              {`${point.address} (${point.landmark})`}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
