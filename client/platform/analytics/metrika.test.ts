import { METRIKA_OPTIONS, METRIKA_SCRIPT_URL, startMetrika } from './metrika';
import { installFakeBrowser, type FakeBrowser } from './fake-browser';

type QueuedYm = { a?: IArguments[]; l?: number };

describe('Yandex Metrika', () => {
  let browser: FakeBrowser | null = null;

  afterEach(() => {
    browser?.remove();
    browser = null;
    jest.restoreAllMocks();
  });

  it('loads nothing when no counter id is configured', () => {
    browser = installFakeBrowser();
    expect(startMetrika(null)).toBe(false);
    expect(startMetrika('')).toBe(false);
    expect(browser.scripts).toEqual([]);
    expect(browser.window.ym).toBeUndefined();
  });

  it('loads tag.js and initialises the counter with click map, link tracking, accurate bounce and webvisor', () => {
    browser = installFakeBrowser();
    expect(startMetrika('98765432', 'n0nce')).toBe(true);
    expect(browser.scripts).toEqual([expect.objectContaining({ async: true, src: METRIKA_SCRIPT_URL, nonce: 'n0nce' })]);
    const ym = browser.window.ym as QueuedYm;
    expect(ym.l).toEqual(expect.any(Number));
    expect(ym.a?.map((args) => Array.from(args))).toEqual([
      [98765432, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: true }],
    ]);
    expect(METRIKA_OPTIONS).toEqual({ clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: true });
  });

  it('initialises a counter once', () => {
    browser = installFakeBrowser();
    startMetrika(11111111);
    startMetrika('11111111');
    expect(browser.scripts).toHaveLength(1);
    expect((browser.window.ym as QueuedYm).a).toHaveLength(1);
  });

  it('only logs a counter id that is not a number', () => {
    browser = installFakeBrowser();
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(startMetrika('not-a-counter')).toBe(false);
    expect(log).toHaveBeenCalled();
    expect(browser.scripts).toEqual([]);
  });

  it('only logs when tag.js fails to load', () => {
    browser = installFakeBrowser();
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    startMetrika(22222222);
    expect(() => browser?.scripts[0].onerror?.()).not.toThrow();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('did not load'));
  });

  it('only logs when the page breaks script injection', () => {
    browser = installFakeBrowser();
    (globalThis as unknown as { document: { head: unknown } }).document.head = null;
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(startMetrika(33333333)).toBe(false);
    expect(log).toHaveBeenCalled();
  });

  it('does nothing on the server', () => {
    expect(startMetrika(44444444)).toBe(false);
  });
});
