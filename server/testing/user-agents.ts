/** A phone's browser, as the site's pages see one. */
export const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/150.0 Mobile Safari/537.36';

/** Crawlers the site must treat as bots (server/site/http/bots.ts), with and without "bot" in their name. */
export const CRAWLER_UAS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (Linux; Android 11; moto g power) Chrome-Lighthouse',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (compatible; Google-InspectionTool/1.0)',
  'Mozilla/5.0 (compatible; YandexBot/3.0)',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.75 Safari/537.36 Google Favicon',
  'facebookcatalog/1.0',
  'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
];
