/**
 * Crawlers and audit tools (spec section 2: bot, lighthouse, facebook preview, Google crawlers).
 * They wait for the whole document and never see an error page, only its status.
 */
const BOT_PATTERN = /bot|crawler|spider|lighthouse|facebookexternalhit|google-|googleother|mediapartners-google|adsbot-google|apis-google|feedfetcher-google/i;

export function isBot(userAgent: string | undefined): boolean {
  return typeof userAgent === 'string' && BOT_PATTERN.test(userAgent);
}
