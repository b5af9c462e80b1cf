import type { PageKey } from '../shared/paths';

/**
 * THE first-load budgets: the most JavaScript a first visit to each page may download before it
 * hydrates, in bytes of gzip as served (the build's level-9 `.gz` copies), Russian, counted by
 * bench/lib/first-load.ts. `npm test` fails when a page is over (bench/first-load.test.ts), and
 * so does `npm run bench:bundle`. Each was set at the page's figure plus half a kB, rounded up to
 * the kB (issue 52, bench/README.md "Issue 52: budgets that fail"; set again after react-helmet-async
 * came back, see there); a page that grows past its
 * budget has its growth found and cut, or its budget raised here with the reason in the commit.
 */
export const FIRST_LOAD_BUDGETS: Record<PageKey, number> = {
  home: 160_000, // /: 159.4 kB when set
  numbers: 191_000, // /numbers: 189.6 kB when set
  constructor: 160_000, // /constructor: 159.0 kB when set
  specificTariffs: 161_000, // /specificTariffs: 159.8 kB when set
  news: 155_000, // /news: 154.5 kB when set
  newsItem: 153_000, // /news/:slug: 152.3 kB when set
  about: 153_000, // /about: 151.6 kB when set
  pointsOfSale: 158_000, // /pointsOfSale: 157.0 kB when set
  oqDay: 156_000, // /oqDay: 154.8 kB when set
  payment: 178_000, // /payment: 176.6 kB when set
  success: 163_000, // /success: 161.6 kB when set
  identification: 172_000, // /identification: 171.5 kB when set
  identificationRetry: 163_000, // /identification/retry: 161.7 kB when set
};
