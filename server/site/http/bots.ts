/**
 * Crawlers and audit tools (spec section 2: bot, lighthouse, facebook preview, Google crawlers).
 * They wait for the whole document and never see an error page, only its status.
 */
// Also the crawlers without "bot" in their name: Google's favicon fetcher, Meta's catalogue and AI crawlers.
const BOT_PATTERN =
  /bot|crawler|spider|lighthouse|facebookexternalhit|facebookcatalog|meta-external(agent|fetcher)|google-|google favicon|googleother|mediapartners-google|adsbot-google|apis-google|feedfetcher-google/i;

export function isBot(userAgent: string | undefined): boolean {
  return typeof userAgent === 'string' && BOT_PATTERN.test(userAgent);
}
