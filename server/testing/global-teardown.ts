import { removeSeededStores } from '../api/test-support/seeded-store';

/** After the run: its seeded stores go (global-setup.ts). */
export default function globalTeardown(): void {
  removeSeededStores();
}
