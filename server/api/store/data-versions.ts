import { READS, type DataTopic, type ReadName } from '../../../shared/reads';
import { createCatalogueState } from '../numbers/number-search';
import type { Db } from './database';

/**
 * The version of each kind of public data in the store, for whoever keeps something made from it
 * (the site's page store, its readers' kept answers). A read's state is taken BEFORE the read, so
 * a change that lands while a page renders leaves that page already stale: it is rendered again on
 * the next request, never kept past the change.
 *
 * Versions come from the store itself (triggers, migrations 5, 7 and 15), so every cluster worker
 * and every process on the same SQLite file sees the same ones. Some answers also change with the
 * clock alone (a hold lapses, a lot opens or closes): their state says until when it holds.
 */
export interface DataState {
  /** A topic of shared/reads.ts (`data`), or `lot:<id>` for one lot. */
  key: string;
  version: string;
  /** When the clock alone changes the answer (epoch ms); Infinity if it never does. */
  until: number;
}

export interface DataVersions {
  /** The state of what the read `name` (with its path parameter) reads; null for what only a release changes. */
  stateOf(name: ReadName, param: string | undefined, now: number): DataState | null;
  /** The version of `key` now: what a stored page compares with the one it was rendered with. */
  versionOf(key: string): string;
}

/** A state as text, for a tag that names what an answer or a page was made from (ETags). */
export function stateTag(state: DataState): string {
  return `${state.key}=${state.version}<${state.until}`;
}

/** The key of the data a read reads: its declared topic, a lot's with its id. */
export function dataKeyOf(topic: Exclude<DataTopic, 'release'>, param: string | undefined): string {
  return topic === 'lot' ? `lot:${param ?? ''}` : topic;
}

export function createDataVersions(db: Db): DataVersions {
  const topicVersion = db.prepare('SELECT version FROM data_versions WHERE topic = ?').pluck();
  // Numbers: the catalogue's version (stored, sold, repriced), the counter of holds and lots, the next lapse.
  const catalogue = createCatalogueState(db);
  const nextLotMoment = db
    .prepare('SELECT MIN(CASE WHEN starts_at > @now THEN starts_at ELSE ends_at END) FROM auction_lots WHERE ends_at > @now')
    .pluck();
  const lotMoment = db
    .prepare('SELECT CASE WHEN starts_at > @now THEN starts_at ELSE ends_at END FROM auction_lots WHERE id = @id AND ends_at > @now')
    .pluck();

  function versionOf(key: string): string {
    if (key === 'numbers') return numbersVersion(catalogue.counters());
    return String((topicVersion.get(key) as number | undefined) ?? 0);
  }

  const numbersVersion = ({ version, holds }: { version: number; holds: number }) => `${version}.${holds}`;
  const moment = (value: unknown) => (typeof value === 'number' ? value : Number.POSITIVE_INFINITY);

  return {
    versionOf,
    stateOf(name, param, now) {
      const topic: DataTopic = READS[name].data;
      if (topic === 'release') return null;
      const key = dataKeyOf(topic, param);
      if (topic === 'numbers') {
        const state = catalogue.stateOf(now);
        return { key, version: numbersVersion(state), until: state.until };
      }
      let until = Number.POSITIVE_INFINITY;
      if (topic === 'auctions') until = moment(nextLotMoment.get({ now }));
      else if (topic === 'lot') until = moment(lotMoment.get({ now, id: param ?? '' }));
      return { key, version: versionOf(key), until };
    },
  };
}
