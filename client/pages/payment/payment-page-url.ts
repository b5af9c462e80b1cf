import type { Language } from '../../../shared/languages';

/** The sandbox page lives on the API's origin: its URL is relative to the API base, in the page's language. */
export function paymentPageUrl(paymentUrl: string, apiBaseUrl: string, lang: Language): string {
  const url = new URL(paymentUrl, new URL(apiBaseUrl, window.location.href));
  url.searchParams.set('lang', lang);
  return url.toString();
}
