import type { TariffChoice } from './api-types';

/**
 * The tariff a visitor picked on /specificTariffs or /constructor, carried to /numbers and the
 * rest of the purchase flow in the URL query, so a link, a reload or a server render keeps it:
 * `?tariff=<ready id>` or `?tariff=constructor&internetGb=..&minutes=..&sms=..&nightInternet=1&dedicated=1`.
 */
export const TARIFF_QUERY_KEYS = ['tariff', 'internetGb', 'minutes', 'sms', 'nightInternet', 'dedicated'] as const;

export function tariffChoiceToQuery(choice: TariffChoice): Record<string, string> {
  if (choice.type === 'ready') return { tariff: choice.id };
  return {
    tariff: 'constructor',
    internetGb: String(choice.internetGb),
    minutes: String(choice.minutes),
    sms: String(choice.sms),
    ...(choice.nightInternet ? { nightInternet: '1' } : {}),
    ...(choice.dedicated ? { dedicated: '1' } : {}),
  };
}

function wholeNumber(value: string | null): number | null {
  return value !== null && /^\d{1,7}$/.test(value) ? Number(value) : null;
}

/** The choice in a query, or null when there is none or it is malformed (never throws). */
export function tariffChoiceFromQuery(query: URLSearchParams): TariffChoice | null {
  const tariff = query.get('tariff');
  if (!tariff) return null;
  if (tariff !== 'constructor') return /^[a-z0-9-]{1,64}$/i.test(tariff) ? { type: 'ready', id: tariff } : null;
  const internetGb = wholeNumber(query.get('internetGb'));
  const minutes = wholeNumber(query.get('minutes'));
  const sms = wholeNumber(query.get('sms'));
  if (internetGb === null || minutes === null || sms === null) return null;
  const flag = (name: string) => ['1', 'true', 'on'].includes(query.get(name) ?? '');
  return { type: 'constructor', internetGb, minutes, sms, nightInternet: flag('nightInternet'), dedicated: flag('dedicated') };
}
