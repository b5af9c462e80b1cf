import { FORM_SUBMISSION_EVENT, dataLayer, pushFormSubmission, startTagManager } from './tag-manager';
import { installFakeBrowser, type FakeBrowser } from './fake-browser';

describe('the tag manager', () => {
  let browser: FakeBrowser | null = null;

  afterEach(() => {
    browser?.remove();
    browser = null;
    jest.restoreAllMocks();
  });

  it('pushFormSubmission lands { event: form_sendID, formId } in window.dataLayer, creating it when missing', () => {
    browser = installFakeBrowser();
    pushFormSubmission('number-reservation');
    expect(FORM_SUBMISSION_EVENT).toBe('form_sendID');
    expect(browser.window.dataLayer).toEqual([{ event: 'form_sendID', formId: 'number-reservation' }]);
  });

  it('pushFormSubmission appends to the existing data layer without replacing it', () => {
    browser = installFakeBrowser();
    const existing: unknown[] = [{ event: 'gtm.js' }];
    browser.window.dataLayer = existing;
    pushFormSubmission('identification');
    expect(browser.window.dataLayer).toBe(existing);
    expect(existing).toEqual([{ event: 'gtm.js' }, { event: 'form_sendID', formId: 'identification' }]);
  });

  it('pushFormSubmission is a no-op on the server', () => {
    expect(() => pushFormSubmission('payment')).not.toThrow();
    expect(dataLayer()).toBeNull();
  });

  it('pushFormSubmission only logs when a broken tag makes push throw', () => {
    browser = installFakeBrowser();
    const layer: unknown[] = [];
    layer.push = () => {
      throw new Error('broken tag');
    };
    browser.window.dataLayer = layer;
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => pushFormSubmission('payment')).not.toThrow();
    expect(log).toHaveBeenCalled();
  });

  it('injects no script when no container id is configured', () => {
    browser = installFakeBrowser();
    expect(startTagManager(null)).toBe(false);
    expect(startTagManager('  ')).toBe(false);
    expect(browser.scripts).toEqual([]);
  });

  it('injects the container script once, async, with the nonce, after the gtm.js start event', () => {
    browser = installFakeBrowser();
    expect(startTagManager('GTM-ABC123', 'n0nce')).toBe(true);
    expect(startTagManager('GTM-ABC123', 'n0nce')).toBe(true);
    expect(browser.scripts).toHaveLength(1);
    expect(browser.scripts[0]).toMatchObject({ async: true, src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123', nonce: 'n0nce' });
    expect(browser.window.dataLayer).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
  });

  it('only logs when the container script fails to load', () => {
    browser = installFakeBrowser();
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    startTagManager('GTM-DEAD');
    expect(() => browser?.scripts[0].onerror?.()).not.toThrow();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('did not load'));
  });

  it('does nothing on the server', () => {
    expect(startTagManager('GTM-SERVER')).toBe(false);
  });
});
