import type { PointOfSale } from '../../../shared/api-types';

/** What an option of a point shows: a page that only offers the choice carries nothing more in its HTML. */
export type PointChoice = Pick<PointOfSale, 'id' | 'cityName' | 'address' | 'landmark'>;

/** The points as choices (the numbers page sends 32 of them in every page's data, where the whole points were 11.7 kB). */
export function pointChoices(points: PointOfSale[]): PointChoice[] {
  return points.map(({ id, cityName, address, landmark }) => ({ id, cityName, address, landmark }));
}

/** The points of sale as the options of a <select>, grouped by city, each named by its address and landmark. */
export function PointOptions({ points }: { points: PointChoice[] }) {
  const byCity = new Map<string, PointChoice[]>();
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
