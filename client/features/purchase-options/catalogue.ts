import type { ReadyTariff, SimType } from '../../../shared/api-types';
import type { PointChoice } from '../purchase/PointOptions';

/** What the options form needs once a number is held: SIM types, pickup points, ready tariffs. */
export interface PurchaseCatalogue {
  simTypes: SimType[];
  pickupPoints: PointChoice[];
  tariffs: ReadyTariff[];
}
