/**
 * Once per jest run, before its workers start (they inherit the environment): the folder of the
 * run's seeded stores, with the default size seeded (server/api/test-support/seeded-store.ts).
 * Removed by global-teardown.ts.
 */
import { prepareSeededStores, SEEDED_STORES_VARIABLE } from '../api/test-support/seeded-store';

export default function globalSetup(): void {
  process.env[SEEDED_STORES_VARIABLE] = prepareSeededStores();
}
