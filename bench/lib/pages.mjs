// The pages the browser benchmarks (lighthouse.mjs, hydration.mjs) measure by default: the ones
// issue 35 holds to its targets. The auction's page is a lot's page, `/en/numbers?lot=<id>`: its
// id comes from the site's own API when the benchmark starts (`auctionLotPage`).
import { freePort, startSite } from './processes.mjs';

const AUCTION_LOT_PAGE = '/en/numbers?lot=';

const BROWSER_PAGES = ['/', '/numbers', '/constructor', '/news', '/en/specificTariffs', '/uz/pointsOfSale', AUCTION_LOT_PAGE];

/** The pages from a comma-separated list (or the default ones), with the auction lot's id filled in. */
async function browserPages(origin, list) {
  const pages = list ? list.split(',') : BROWSER_PAGES;
  return Promise.all(pages.map((page) => (page === AUCTION_LOT_PAGE ? auctionLotPage(origin) : page)));
}

/** The page of the first active lot of the reference API's auction. */
async function auctionLotPage(origin) {
  const res = await fetch(`${origin}/api/v1/auctions`);
  if (!res.ok) throw new Error(`GET /api/v1/auctions answered ${res.status}`);
  const { items } = await res.json();
  const lot = items.find((item) => item.status === 'active') ?? items[0];
  if (!lot) throw new Error('the auction has no lot to measure');
  return `${AUCTION_LOT_PAGE}${encodeURIComponent(lot.id)}`;
}

/**
 * The site's settings for the browser benchmarks: map tiles from a data: URL (one grey pixel for
 * every tile), so the points-of-sale page draws its map without a request off this machine.
 */
const BROWSER_SITE_ENV = {
  MAP_TILE_URL: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
};

/**
 * The built site for a browser benchmark, on a free loopback port, with the settings above and
 * `PUBLIC_SITE_URL` set to the origin the browser visits (Lighthouse's SEO audit checks the
 * canonical and alternate links against it), and the pages to measure: `list` (comma-separated,
 * from the script's own variable) or the default ones.
 */
export async function startBrowserSite(list) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const site = await startSite({ env: { ...BROWSER_SITE_ENV, PORT: String(port), PUBLIC_SITE_URL: origin } });
  return { site, origin, pages: await browserPages(origin, list) };
}
