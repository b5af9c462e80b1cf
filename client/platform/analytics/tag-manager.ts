/**
 * Google Tag Manager (spec section 7). The container script is injected only when an id is
 * configured; the data layer exists either way, so forms can always push their events.
 * Nothing here touches `window` at import time: the server render imports it too.
 */

export const TAG_MANAGER_SCRIPT_URL = 'https://www.googletagmanager.com/gtm.js';
export const FORM_SUBMISSION_EVENT = 'form_sendID';

type DataLayerWindow = Window & { dataLayer?: unknown[] };

const started = new Set<string>();

/** The page's data layer, created when missing; null on the server. */
export function dataLayer(): unknown[] | null {
  if (typeof window === 'undefined') return null;
  const target = window as DataLayerWindow;
  // GTM replaces `push` on the existing array once it loads, so the array must never be swapped.
  if (!Array.isArray(target.dataLayer)) target.dataLayer = [];
  return target.dataLayer;
}

/** Injects the container script once; never throws (failures are logged). True when it is loading. */
export function startTagManager(containerId: string | null | undefined, nonce?: string): boolean {
  const id = containerId?.trim();
  if (!id || typeof document === 'undefined') return false;
  if (started.has(id)) return true;
  try {
    const layer = dataLayer();
    // The standard snippet's first event: GTM measures its load time from it.
    layer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = `${TAG_MANAGER_SCRIPT_URL}?id=${encodeURIComponent(id)}`;
    if (nonce) script.nonce = nonce;
    script.onerror = () => console.error(`analytics: the tag manager script ${script.src} did not load`);
    document.head.appendChild(script);
    started.add(id);
    return true;
  } catch (error) {
    console.error('analytics: the tag manager did not start', error);
    return false;
  }
}

/**
 * Every form of the site calls this on submit: the marketing team's tags listen for
 * `form_sendID` with the form's id. A no-op on the server.
 */
export function pushFormSubmission(formId: string): void {
  try {
    dataLayer()?.push({ event: FORM_SUBMISSION_EVENT, formId });
  } catch (error) {
    // A tag that broke the data layer's push must not break the form that called us.
    console.error('analytics: the form submission event was not recorded', error);
  }
}
