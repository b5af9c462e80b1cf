import { HtmlValidate, StaticConfigLoader, type ConfigData, type Message } from 'html-validate';
import request from 'supertest';
import { LANGUAGES, localizePath, type Language } from '../../../shared/languages';
import { PATHS } from '../../../shared/paths';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The markup of every page the server renders, in every language, through html-validate with the
 * site's rules (CONFIG below: among them `unique-landmark` and `aria-label-misuse`). The server's
 * HTML is what a screen reader meets before hydration and what a crawler reads, so a landmark
 * without a name of its own or a label on an element that cannot carry one fails here, with the
 * page, the rule and the element.
 */

/**
 * The recommended preset (which includes the a11y one: `unique-landmark`, `aria-label-misuse`, ...),
 * with the rules that flag how React writes HTML set to React's way, not switched off.
 */
const CONFIG: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes void elements self-closed (`<meta/>`, `<input/>`); both forms are valid HTML.
    'void-style': ['error', { style: 'selfclosing' }],
    // React writes some attributes under their DOM property names (`charSet`, `hrefLang`,
    // `inputMode`, `maxLength`); HTML attribute names are case-insensitive.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React writes a true boolean attribute as `disabled=""`.
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // React's useId ids (`_R_`) are valid HTML ids, though not the stricter letters-first style.
    'valid-id': ['error', { relaxed: true }],
    // A list whose markers are styled away (`list-style: none`) keeps its list semantics in WebKit
    // only with an explicit `role="list"`: redundant for the spec, needed by VoiceOver.
    'no-redundant-role': ['error', { exclude: ['list'] }],
    // Checkboxes share a name on purpose: the tariff comparison is a GET form sending
    // `compare=a&compare=b` (client/pages/specific-tariffs/TariffCatalogue.tsx).
    'form-dup-name': ['error', { shared: ['radio', 'button', 'reset', 'submit', 'checkbox'] }],
  },
};
const validator = new HtmlValidate(new StaticConfigLoader(CONFIG));

/** A lot on auction in the seeded demo data (docs/api.md). */
const LOT = 'lot-007';

/**
 * Every page (a news item under the slug of the newest one), and the states of a page whose markup
 * differs: a search with filters, a mask search, a lot, the news' second page, a city's points of
 * sale, an unknown path (the 404 page).
 */
const PAGES = [
  ...Object.values(PATHS),
  '/numbers?category=gold&sort=price_desc',
  '/numbers?mask=XXX-YY-YY',
  `/numbers?lot=${LOT}`,
  '/news?page=2',
  '/pointsOfSale?city=samarkand',
  '/no-such-page',
];

let t: TestApp;
let newsSlug: string;

beforeAll(async () => {
  t = createTestApp();
  const news = await request(t.app).get('/api/v1/news').expect(200);
  newsSlug = news.body.items[0].slug;
});
afterAll(() => t.close());

/** The page's URL in a language: its path localized, its query kept. */
function urlOf(page: string, lang: Language): string {
  const [pathname, query] = page.replace(':slug', newsSlug).split('?');
  return `${localizePath(pathname, lang)}${query ? `?${query}` : ''}`;
}

/** A finding as a line a reader can act on: the rule, its message, the element and the markup there. */
function describeMessage(html: string, message: Message): string {
  const line = html.split('\n')[message.line - 1] ?? '';
  const excerpt = line.slice(Math.max(0, message.column - 1), message.column + 119);
  return `${message.ruleId}: ${message.message} (${message.selector ?? '?'}) at …${excerpt}`;
}

describe.each(LANGUAGES)('the server HTML in %s', (lang: Language) => {
  it.each(PAGES)('of %s breaks none of the site’s html-validate rules', async (page) => {
    const res = await request(t.app).get(urlOf(page, lang)).set('User-Agent', 'Mozilla/5.0 Chrome/150');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const report = await validator.validateString(res.text, `${urlOf(page, lang)}.html`);
    const findings = report.results.flatMap((result) => result.messages.map((message) => describeMessage(res.text, message)));
    expect(findings).toEqual([]);
  });
});
