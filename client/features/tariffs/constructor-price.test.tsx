import type { Server } from 'node:http';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import request from 'supertest';
import { CATALOGUES } from '../../../locales/catalogues';
import { createTestApi, type TestApi } from '../../../server/api/test-support/test-api';
import type { ConstructorOptions, ReadyTariff } from '../../../shared/api-types';
import { LANGUAGES, localizePath, type Language } from '../../../shared/languages';
import { createI18n } from '../../framework/i18n';
import { ConstructorPrice } from './ConstructorPrice';
import { allSelections, quoteSelection, selectionFromQuery, selectionToQuery } from './constructor-selection';
import { PriceBlock } from './PriceBlock';

const TEXTS = CATALOGUES;

let api: TestApi;
// One listening server for the many quotes (supertest would otherwise start one per request).
let server: Server;
let options: ConstructorOptions;

beforeAll(async () => {
  api = createTestApi();
  server = await new Promise<Server>((resolve) => {
    const listening = api.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  options = (await request(server).get('/api/v1/tariff-constructor').expect(200)).body;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  api.close();
});

const i18nFor = Object.fromEntries(LANGUAGES.map((lang) => [lang, createI18n(lang, TEXTS[lang])])) as Record<
  Language,
  ReturnType<typeof createI18n>
>;

/** Renders a price component as the page does in a language (the texts, the router's path). */
function render(lang: Language, node: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor[lang]}>
      <MemoryRouter initialEntries={[localizePath('/constructor', lang)]}>{node}</MemoryRouter>
    </I18nextProvider>,
  );
}

/** The whole sum a price element shows, read back from its text (`65 000 soʻm` -> 65000). */
function shownAmount(html: string, testId: string): number | null {
  const match = new RegExp(`data-testid="${testId}">([^<]*)<`).exec(html);
  return match ? Number(match[1].replace(/\D/g, '')) : null;
}

describe('the constructor price', () => {
  it('shows what the API quotes, for every step combination the API offers', async () => {
    const selections = allSelections(options);
    expect(selections).toHaveLength(options.internetGb.length * options.minutes.length * options.sms.length * 4);
    for (const [index, selection] of selections.entries()) {
      const quote = (await request(server).get('/api/v1/tariff-constructor/quote').query(selectionToQuery(selection)).expect(200)).body;
      const computed = quoteSelection(options, selection);
      expect(computed).toEqual(quote);
      // Each language in turn: the text differs, the sums must not.
      const html = render(LANGUAGES[index % LANGUAGES.length], <ConstructorPrice quote={computed} />);
      expect([shownAmount(html, 'monthly-price'), shownAmount(html, 'first-months-price')]).toEqual([
        quote.monthlyPrice,
        quote.firstMonthsPrice,
      ]);
    }
  }, 60_000);

  it('is a polite live region, so a screen reader hears the new price', () => {
    const html = render('en', <ConstructorPrice quote={quoteSelection(options, options.defaults)} />);
    expect(html).toMatch(/aria-live="polite"/);
    expect(html).toMatch(/aria-atomic="true"/);
  });

  it('writes sums for the language: UZS in English, сум in Russian, soʻm in Uzbek', () => {
    const quote = quoteSelection(options, options.defaults);
    const text = (lang: Language) => render(lang, <ConstructorPrice quote={quote} />).replace(/<[^>]+>/g, ' ');
    expect(text('en')).toContain('65,000\u00a0UZS');
    expect(text('ru')).toContain('65\u00a0000\u00a0сум');
    expect(text('uz')).toContain('65\u00a0000\u00a0soʻm');
  });
});

describe('a ready tariff price', () => {
  it('shows the fee and the first-months price the API lists, in every language', async () => {
    for (const lang of LANGUAGES) {
      const tariffs: ReadyTariff[] = (await request(server).get('/api/v1/tariffs').set('X-Language', lang).expect(200)).body.items;
      for (const tariff of tariffs) {
        const html = render(lang, <PriceBlock {...tariff} />);
        expect([shownAmount(html, 'monthly-price'), shownAmount(html, 'first-months-price')]).toEqual([
          tariff.monthlyPrice,
          tariff.firstMonthsPrice,
        ]);
      }
    }
  });
});

describe('the configuration in the URL', () => {
  const query = (value: string) => new URLSearchParams(value);

  it('comes back unchanged from its own query, for every combination', () => {
    for (const selection of allSelections(options)) {
      expect(selectionFromQuery(query(new URLSearchParams(selectionToQuery(selection)).toString()), options)).toEqual(selection);
    }
  });

  it('is the API defaults when the query names no step', () => {
    expect(selectionFromQuery(query(''), options)).toEqual(options.defaults);
    expect(selectionFromQuery(query('compare=x&utm_source=mail'), options)).toEqual(options.defaults);
  });

  it('has an add-on off when a configured query leaves it out, as a GET form does with an unticked box', () => {
    const selection = selectionFromQuery(query('internetGb=30&minutes=300&sms=500&nightInternet=on'), options);
    expect(selection).toEqual({ internetGb: 30, minutes: 300, sms: 500, nightInternet: true, dedicated: false });
  });

  it('snaps a value off the steps to the nearest step and ignores a malformed one', () => {
    const selection = selectionFromQuery(query('internetGb=37&minutes=abc&sms=99999999&dedicated=1'), options);
    expect(selection).toEqual({
      internetGb: 30,
      minutes: options.defaults.minutes,
      sms: options.defaults.sms,
      nightInternet: false,
      dedicated: true,
    });
    expect(selectionFromQuery(query('internetGb=100000'), options).internetGb).toBe(200);
  });
});
