/**
 * Yandex Metrika (spec section 7): loaded only when a counter id is configured, with click map,
 * link tracking, accurate bounce tracking and session replay (webvisor). Failures are only logged.
 */

export const METRIKA_SCRIPT_URL = 'https://mc.yandex.ru/metrika/tag.js';
export const METRIKA_OPTIONS = { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: true } as const;

/** The `ym` command queue of the official snippet: calls wait in `ym.a` until tag.js replays them. */
type Ym = ((...args: unknown[]) => void) & { a?: IArguments[]; l?: number };
type MetrikaWindow = Window & { ym?: Ym };

const started = new Set<number>();

function counterNumber(counterId: string | number): number | null {
  const value = typeof counterId === 'number' ? counterId : Number(counterId.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export function startMetrika(counterId: string | number | null | undefined, nonce?: string): boolean {
  if (counterId === null || counterId === undefined || counterId === '') return false;
  if (typeof window === 'undefined' || typeof document === 'undefined') return false;
  const id = counterNumber(counterId);
  if (id === null) {
    console.error(`analytics: the Metrika counter id "${counterId}" is not a number`);
    return false;
  }
  if (started.has(id)) return true;
  try {
    const target = window as MetrikaWindow;
    if (!target.ym) {
      const ym = function () {
        // tag.js reads the queued calls as the `arguments` objects the official snippet stores.
        // eslint-disable-next-line prefer-rest-params -- an array would not be read by tag.js
        (ym.a = ym.a || []).push(arguments);
      } as Ym;
      ym.l = Date.now();
      target.ym = ym;
      const script = document.createElement('script');
      script.async = true;
      script.src = METRIKA_SCRIPT_URL;
      if (nonce) script.nonce = nonce;
      script.onerror = () => console.error(`analytics: the Metrika script ${METRIKA_SCRIPT_URL} did not load`);
      document.head.appendChild(script);
    }
    target.ym(id, 'init', { ...METRIKA_OPTIONS });
    started.add(id);
    return true;
  } catch (error) {
    console.error('analytics: Metrika did not start', error);
    return false;
  }
}
