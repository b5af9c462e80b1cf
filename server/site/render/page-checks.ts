import type { Validators } from './page-reads';
import type { StoredPage } from './stored-page';

/**
 * The checks of stored pages built from an external API's reads (their conditional GETs): one at a
 * time per page, shared by every lookup that arrives while it runs, so a page many visitors ask
 * for at once costs one round of conditional GETs, not one per visitor.
 */
export class SharedChecks {
  private readonly running = new Map<string, { page: StoredPage; result: Promise<boolean> }>();

  /** Whether the API confirms `page`, stored under `key`, by its `validators`; rejects when it could not be checked. */
  confirm(key: string, page: StoredPage, validators: Validators): Promise<boolean> {
    const running = this.running.get(key);
    if (running?.page === page) return running.result;
    const result = validators.confirm().finally(() => {
      if (this.running.get(key)?.result === result) this.running.delete(key);
    });
    this.running.set(key, { page, result });
    return result;
  }
}
