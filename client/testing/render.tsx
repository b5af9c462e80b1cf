/**
 * Rendering one component for a component test (React Testing Library over happy-dom; a test file opts
 * in with the `@jest-environment @happy-dom/jest-environment` docblock): the site's own texts in a language, inside a data
 * router, so forms with `useFetcher` and `<Form>` submit to the `action` the test gives and links
 * resolve. Query the result by role and label as a person does (`screen.getByRole`,
 * `getByLabelText`); where that cannot find an element, the markup is what needs mending.
 */
import '@testing-library/jest-dom';
import { configure, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type ActionFunction, type LoaderFunction } from 'react-router';
import { CATALOGUES } from '../../locales/catalogues';
import { localizePath, type Language } from '../../shared/languages';
import { createI18n, providedI18n } from '../framework/i18n';
import { RuntimeProvider, type Runtime } from '../framework/runtime';

/** The host a page runs in, as the browser has it (a streamed part that failed reads it for its hydration payload). */
const TEST_RUNTIME: Omit<Runtime, 'i18nFor'> = {
  config: {
    siteUrl: 'http://127.0.0.1',
    apiBaseUrl: '/api/v1',
    firebase: null,
    gtmId: null,
    metrikaId: null,
    buildCheckIntervalMinutes: 0,
    streamAfterMs: 0,
    mapTileUrl: '',
    mapAttribution: null,
    showErrorDetails: false,
  },
  nonce: '',
  stylesheets: [],
  deferredIds: new WeakMap(),
  year: 2026,
};

/** Another route of the test's router: where the component navigates or what a fetcher loads (path without the language prefix). */
// The unit suite runs on every core of a shared machine: a `findBy` or `waitFor` waits up to 5 s
// for its state (Testing Library's default, 1 s, failed correct tests under load).
configure({ asyncUtilTimeout: 5000 });

export interface ExtraRoute {
  path: string;
  element?: ReactNode;
  loader?: LoaderFunction;
}

export interface ComponentOptions {
  lang?: Language;
  /** The route's path without the language prefix (default `/`), and the URL it opens at. */
  path?: string;
  url?: string;
  /** What a form or fetcher of the component submits to. */
  action?: ActionFunction;
  loader?: LoaderFunction;
  /** More routes beside the component's own (a page it goes on to, a loader its fetcher reads). */
  routes?: ExtraRoute[];
  /** What the browser holds before the render (shared/tokens.ts reads localStorage, the purchase draft sessionStorage). */
  localStorage?: Record<string, string>;
  sessionStorage?: Record<string, string>;
}

export interface RenderedComponent extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<typeof createMemoryRouter>;
}

export function renderComponent(
  ui: ReactNode,
  { lang = 'en', path = '/', url, action, loader, routes = [], localStorage = {}, sessionStorage = {} }: ComponentOptions = {},
): RenderedComponent {
  // Every test starts from an empty browser: what one test stored never leaks into the next.
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const [key, value] of Object.entries(localStorage)) window.localStorage.setItem(key, value);
  for (const [key, value] of Object.entries(sessionStorage)) window.sessionStorage.setItem(key, value);
  const i18n = providedI18n(createI18n(lang, CATALOGUES[lang]));
  const routePath = localizePath(path, lang);
  const router = createMemoryRouter(
    [
      { id: `${lang}:test`, path: routePath, element: ui, action, loader, hydrateFallbackElement: <></> },
      ...routes.map((route, index) => ({
        id: `${lang}:extra-${index}`,
        path: localizePath(route.path, lang),
        element: route.element ?? null,
        loader: route.loader,
        hydrateFallbackElement: <></>,
      })),
    ],
    { initialEntries: [url ? localizePath(url, lang) : routePath] },
  );
  // No pause between keystrokes: a component test proves states, not typing speed.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <RuntimeProvider value={{ ...TEST_RUNTIME, i18nFor: () => i18n }}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </RuntimeProvider>,
  );
  return { ...result, user, router };
}

/**
 * A token as the API's would read to the site (shared/tokens.ts decodes the claims and never checks
 * the signature, the API's job): `exp` an hour ahead unless given.
 */
export function testToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.signature`;
}

/** The storage of a phone confirmed by SMS (auth_token and its number). */
export function confirmedPhone(phone: string): Record<string, string> {
  return { auth_token: testToken({ sub: phone }), auth_token_number: phone };
}

/** The storage of a purchase draft (client/features/purchase/purchase-draft.ts). */
export function draftStorage(draft: Record<string, unknown>): Record<string, string> {
  return { 'purchase-draft': JSON.stringify(draft) };
}

/** A promise with its resolver, to hold an action open while the test looks at the busy state. */
export function held<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * The live region of a role that comes to hold a text. A form's message region stays in the DOM empty
 * (so it is announced when filled): `findByRole` alone would return it before the answer arrives.
 */
export function findRegionWith(role: 'alert' | 'status', text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const words = (value: string) => value.replace(/\s+/g, ' ');
    const region = screen.getAllByRole(role).find((element) => words(element.textContent ?? '').includes(words(text)));
    if (!region) throw new Error(`No ${role} holds “${text}”`);
    return region;
  });
}
