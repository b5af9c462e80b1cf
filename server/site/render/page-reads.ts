import type { DataState } from '../../api/create-api';
import type { ConfirmReads, OnRead, ValidatedRead } from '../operator-api/read-validators';

/** How a stored page built from an external API's reads is confirmed before it is served again. */
export interface Validators {
  /** Every GET its render made, each with the ETag its answer carried. */
  reads: readonly ValidatedRead[];
  /** Asks the API again with those ETags: true when every answer stands; rejects when it cannot say. */
  confirm(): Promise<boolean>;
}

/** What one render read, as its reader tells it; each piece of data (or request) counts at its first read. */
export interface PageReads {
  onData(state: DataState): void;
  onRead: OnRead;
  /** The embedded store's data states; null over HTTP. */
  data(): DataState[] | null;
  /** Over HTTP, when every GET has been answered and each with an ETag; else null (the page is unversioned). */
  validators(): Validators | null;
  /**
   * What the page's ETag names besides the build and the page: its data states, or each GET as a
   * state of its own (the request, its ETag, no end by the clock); null when the page is unversioned.
   */
  states(): DataState[] | null;
}

const requestOf = (read: Omit<ValidatedRead, 'etag'>) => JSON.stringify([read.lang, read.path, read.params]);

/**
 * `versioned`: the reads are the embedded API's, which tell the state of their data before each
 * read (`onData`). Otherwise, with `confirm`, an external API's GETs, each told with its answer's
 * ETag (`onRead`): a read still out, or answered without an ETag, leaves the page without versions
 * (kept for PAGE_CACHE_SECONDS only).
 */
export function pageReads(versioned: boolean, confirm: ConfirmReads | undefined): PageReads {
  const states = new Map<string, DataState>();
  const answers = new Map<string, ValidatedRead>();
  let unanswered = 0;
  let withoutTag = false;
  const validated = (): ValidatedRead[] | null => (versioned || !confirm || unanswered > 0 || withoutTag ? null : [...answers.values()]);
  return {
    onData(state) {
      if (!states.has(state.key)) states.set(state.key, state);
    },
    onRead(read) {
      unanswered += 1;
      return (etag) => {
        unanswered -= 1;
        if (etag === null) withoutTag = true;
        else if (!answers.has(requestOf(read))) answers.set(requestOf(read), { ...read, etag });
      };
    },
    data: () => (versioned ? [...states.values()] : null),
    validators() {
      const reads = validated();
      return reads && confirm ? { reads, confirm: () => confirm(reads) } : null;
    },
    states() {
      if (versioned) return [...states.values()];
      return validated()?.map((read) => ({ key: requestOf(read), version: read.etag, until: Number.POSITIVE_INFINITY })) ?? null;
    },
  };
}
